import type { MessageDescriptor } from '@lingui/core'
import { useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { Link, useCanGoBack, useNavigate, useRouter } from '@tanstack/react-router'
import { useState, type FormEvent, type ReactNode } from 'react'
import type { AuthTokens } from '../../../contract/account'
import { AUTH_LIMITS } from '../../../contract/values/account'
import { useStoreLocation } from '../../url/store-location'
import { applySignIn, signOut, useSignedIn } from '../../session/session'
import { Button } from '../../ui/button'
import { Input } from '../../ui/input'
import { useOnline } from '../../data/use-online'
import { toast } from '../../ui/toast/toast-store'
import { mergeGuestCart } from '../../cart/session'
import { mergeGuestWishlist } from '../../wishlist/session'
import { PageFrame } from '../../page/page-frame'
import * as calls from './api'
import { authFailure, MESSAGES, type AuthCall, type AuthFailure } from './errors'
import { PhoneField } from './phone-field'
import { isCompletePhone, toServerPhone } from './phone-mask'
import { ResendButton } from './resend-button'
import styles from './login.module.css'

/** Spec 2.7. */
export type LoginStep = 'phone' | 'sms' | 'password' | 'create' | 'forgot-password'

export interface LoginPageProps {
  step?: LoginStep
  /** A path of this site to return to after signing in. */
  redirect?: string
}

const EMPTY_FORM: calls.SignUpForm = { firstname: '', lastname: '', email: '', password: '' }
const CODE_PATTERN = `\\d{${AUTH_LIMITS.codeLength}}`

/**
 * The login page: phone, then the kind lookup picks the way (password for a full account, an SMS code
 * for a fast one, the sign-up form for a new number), with password recovery beside. The step is in the
 * URL; what the shopper typed lives here, so a step opened without a phone starts from the phone.
 */
export function LoginPage({ step: urlStep = 'phone', redirect }: LoginPageProps) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const router = useRouter()
  const canGoBack = useCanGoBack()
  const location = useStoreLocation()
  const signedIn = useSignedIn()

  const [national, setNational] = useState('')
  const [phoneError, setPhoneError] = useState<string>()
  const [password, setPassword] = useState('')
  const [code, setCode] = useState('')
  const [codeMode, setCodeMode] = useState<'signin' | 'signup'>('signin')
  const [form, setForm] = useState(EMPTY_FORM)
  const [newPassword, setNewPassword] = useState('')
  const [recoverySent, setRecoverySent] = useState(false)
  const [resendAt, setResendAt] = useState(0)
  const [failure, setFailure] = useState<AuthFailure | null>(null)
  const [notice, setNotice] = useState<MessageDescriptor | null>(null)
  const [working, setBusy] = useState(false)
  // Signing in needs the server: offline every step's button waits, and the page says why.
  const online = useOnline()
  const busy = working || !online

  const phone = toServerPhone(national)
  const step: LoginStep = isCompletePhone(national) ? urlStep : 'phone'

  const goTo = (next: LoginStep) => {
    void navigate({
      to: '.',
      search: (prev: Record<string, unknown>) => ({ ...prev, step: next === 'phone' ? undefined : next }),
      replace: true,
    })
  }

  /**
   * Runs one call with the busy flag and the spec's message for its failure. A 412 (the password must
   * change) moves to the recovery step; a sign-up conflict goes back to the form it is about.
   */
  async function attempt<T>(call: AuthCall, run: () => Promise<T>): Promise<T | undefined> {
    setBusy(true)
    setFailure(null)
    try {
      return await run()
    } catch (error) {
      const found = authFailure(call, error)
      if (found.penalty) setResendAt(Date.now() + found.penalty * 1000)
      if (found.mustChangePassword) {
        setNotice(found.message)
        goTo('forgot-password')
      } else {
        if (found.conflict && call === 'signup') goTo('create')
        setFailure(found)
      }
      return undefined
    } finally {
      setBusy(false)
    }
  }

  async function done(tokens: AuthTokens) {
    await applySignIn(queryClient, tokens)
    // Purchase flow 4: what the shopper put in the cart as a guest joins the named cart.
    await mergeGuestCart(queryClient, location.cityId, i18n)
    // Spec browsing 4: and the guest's wishlist joins the named list.
    await mergeGuestWishlist(queryClient, location.cityId)
    toast.success(i18n._(MESSAGES.signedIn))
    if (redirect) void router.navigate({ href: redirect, replace: true })
    else if (canGoBack) router.history.back()
    else void router.navigate({ href: location.href('/'), replace: true })
  }

  async function sendCode(purpose: calls.CodePurpose, call: AuthCall): Promise<boolean> {
    const penalty = await attempt(call, () => calls.sendCode(phone, purpose))
    if (penalty === undefined) return false
    setResendAt(Date.now() + penalty * 1000)
    setCode('')
    return true
  }

  async function onPhone(event: FormEvent) {
    event.preventDefault()
    setNotice(null)
    if (!isCompletePhone(national)) {
      setPhoneError(t`Введите номер полностью: +7 и 10 цифр`)
      return
    }
    setPhoneError(undefined)
    const kind = await attempt('kind', () => calls.lookupKind(phone))
    if (kind === 'full') goTo('password')
    else if (kind === 'notRegistered') goTo('create')
    else if (kind === 'fast') {
      setCodeMode('signin')
      if (await sendCode('signin', 'verifyPhone')) goTo('sms')
    }
  }

  async function onPassword(event: FormEvent) {
    event.preventDefault()
    const tokens = await attempt('signin', () => calls.signInWithPassword(phone, password))
    if (tokens) return done(tokens)
  }

  const show = (next: LoginStep) => {
    setFailure(null)
    setNotice(null)
    goTo(next)
  }

  /** Spec 2.7: after sign-out the shopper goes to the index page. */
  async function onSignOut() {
    setBusy(true)
    await signOut(queryClient)
    setBusy(false)
    void router.navigate({ href: location.href('/'), replace: true })
  }

  async function onSmsInstead() {
    setCodeMode('signin')
    if (await sendCode('signin', 'verifyPhone')) goTo('sms')
  }

  async function onCreate(event: FormEvent) {
    event.preventDefault()
    setCodeMode('signup')
    if (await sendCode('signup', 'verifyPhone')) goTo('sms')
  }

  async function onCode(event: FormEvent) {
    event.preventDefault()
    const tokens =
      codeMode === 'signup'
        ? await attempt('signup', () => calls.signUp(phone, code, form))
        : await attempt('verifyToken', () => calls.signInWithCode(phone, code))
    if (tokens) return done(tokens)
  }

  async function onRecoveryCode() {
    if (await sendCode('recovery', 'recoveryPhone')) setRecoverySent(true)
  }

  async function onNewPassword(event: FormEvent) {
    event.preventDefault()
    const tokens = await attempt('recoveryPassword', () => calls.setNewPassword(phone, code, newPassword))
    if (tokens) return done(tokens)
  }

  const error = failure ? i18n._(failure.message) : undefined
  const phoneLine = (
    <p className={styles.phoneLine}>
      <span data-testid="login-phone-shown">
        +7 {national.replace(/(\d{3})(\d{3})(\d{2})(\d{2})/, '$1 $2 $3 $4')}
      </span>
      <Button variant="ghost" size="s" onClick={() => show('phone')} data-testid="login-change-phone">
        {t`Изменить`}
      </Button>
    </p>
  )

  const titles: Record<LoginStep, string> = {
    phone: t`Вход или регистрация`,
    password: t`Вход по паролю`,
    sms: t`Код из SMS`,
    create: t`Регистрация`,
    'forgot-password': t`Восстановление пароля`,
  }

  let body: ReactNode
  if (signedIn && step === 'phone') {
    body = (
      <div className={styles.form}>
        <p>{t`Вы уже вошли в аккаунт.`}</p>
        <Link to="/{-$city}/my-account" params={{ city: location.prefix }} data-testid="login-to-account">
          {t`Перейти в личный кабинет`}
        </Link>
        <Button
          variant="secondary"
          block
          disabled={working}
          onClick={() => void onSignOut()}
          data-testid="sign-out"
        >
          {t`Выйти`}
        </Button>
      </div>
    )
  } else if (step === 'phone') {
    body = (
      <form className={styles.form} onSubmit={onPhone} noValidate data-testid="login-step-phone">
        <PhoneField value={national} onChange={setNational} error={phoneError ?? error} autoFocus />
        <Button type="submit" block disabled={busy} data-testid="login-continue">
          {t`Продолжить`}
        </Button>
      </form>
    )
  } else if (step === 'password') {
    body = (
      <form className={styles.form} onSubmit={onPassword} data-testid="login-step-password">
        {phoneLine}
        <Input
          label={t`Пароль`}
          type="password"
          autoComplete="current-password"
          name="password"
          value={password}
          maxLength={128}
          onChange={(event) => setPassword(event.target.value)}
          error={error}
          autoFocus
          data-testid="login-password"
        />
        <Button type="submit" block disabled={busy || password === ''} data-testid="login-submit">
          {t`Войти`}
        </Button>
        <div className={styles.links}>
          <Button
            variant="ghost"
            size="s"
            onClick={onSmsInstead}
            disabled={busy}
            data-testid="login-sms-instead"
          >
            {t`Войти по коду из SMS`}
          </Button>
          <Button variant="ghost" size="s" onClick={() => show('forgot-password')} data-testid="login-forgot">
            {t`Забыли пароль?`}
          </Button>
        </div>
      </form>
    )
  } else if (step === 'sms') {
    body = (
      <form className={styles.form} onSubmit={onCode} data-testid="login-step-sms">
        {phoneLine}
        <p className={styles.hint}>{t`Мы отправили код на этот номер. Введите его, чтобы продолжить.`}</p>
        <CodeInput value={code} onChange={setCode} error={error} />
        <Button
          type="submit"
          block
          disabled={busy || code.length !== AUTH_LIMITS.codeLength}
          data-testid="login-submit"
        >
          {codeMode === 'signup' ? t`Зарегистрироваться` : t`Войти`}
        </Button>
        <ResendButton until={resendAt} busy={busy} onSend={() => void sendCode(codeMode, 'verifyPhone')} />
      </form>
    )
  } else if (step === 'create') {
    const field = (key: keyof calls.SignUpForm) => ({
      value: form[key],
      onChange: (event: { target: { value: string } }) => setForm({ ...form, [key]: event.target.value }),
    })
    body = (
      <form className={styles.form} onSubmit={onCreate} data-testid="login-step-create">
        {phoneLine}
        <p
          className={styles.hint}
        >{t`Этот номер ещё не зарегистрирован. Заполните данные, и мы отправим код по SMS.`}</p>
        <Input
          label={t`Имя`}
          autoComplete="given-name"
          required
          maxLength={64}
          {...field('firstname')}
          data-testid="create-firstname"
        />
        <Input
          label={t`Фамилия`}
          autoComplete="family-name"
          maxLength={64}
          {...field('lastname')}
          data-testid="create-lastname"
        />
        <Input
          label={t`Email (необязательно)`}
          type="email"
          autoComplete="email"
          maxLength={254}
          {...field('email')}
          error={
            failure?.conflict === 'unique_email' || failure?.conflict === 'unique_phones' ? error : undefined
          }
          data-testid="create-email"
        />
        <Input
          label={t`Пароль`}
          type="password"
          autoComplete="new-password"
          minLength={AUTH_LIMITS.passwordMin}
          maxLength={AUTH_LIMITS.passwordMax}
          required
          hint={t`От ${AUTH_LIMITS.passwordMin} до ${AUTH_LIMITS.passwordMax} символов, буквы и цифры`}
          {...field('password')}
          data-testid="create-password"
        />
        {failure && !failure.conflict ? (
          <p className={styles.error} role="alert">
            {error}
          </p>
        ) : null}
        {failure?.conflict === 'unique_phone' ? (
          <p className={styles.error} role="alert">
            {error}
          </p>
        ) : null}
        <Button
          type="submit"
          block
          disabled={busy || form.firstname.trim() === '' || !passwordLooksValid(form.password)}
          data-testid="login-submit"
        >
          {t`Получить код`}
        </Button>
      </form>
    )
  } else {
    body = (
      <form className={styles.form} onSubmit={onNewPassword} data-testid="login-step-forgot">
        {phoneLine}
        {notice ? <p className={styles.notice}>{i18n._(notice)}</p> : null}
        {recoverySent ? (
          <>
            <CodeInput value={code} onChange={setCode} />
            <Input
              label={t`Новый пароль`}
              type="password"
              autoComplete="new-password"
              minLength={AUTH_LIMITS.passwordMin}
              maxLength={AUTH_LIMITS.passwordMax}
              hint={t`От ${AUTH_LIMITS.passwordMin} до ${AUTH_LIMITS.passwordMax} символов, буквы и цифры`}
              value={newPassword}
              onChange={(event) => setNewPassword(event.target.value)}
              data-testid="recovery-password"
            />
            {error ? (
              <p className={styles.error} role="alert">
                {error}
              </p>
            ) : null}
            <Button
              type="submit"
              block
              disabled={busy || code.length !== AUTH_LIMITS.codeLength || !passwordLooksValid(newPassword)}
              data-testid="login-submit"
            >
              {t`Сохранить пароль и войти`}
            </Button>
            <ResendButton until={resendAt} busy={busy} onSend={() => void onRecoveryCode()} />
          </>
        ) : (
          <>
            <p className={styles.hint}>{t`Мы отправим код по SMS, чтобы вы могли задать новый пароль.`}</p>
            {error ? (
              <p className={styles.error} role="alert">
                {error}
              </p>
            ) : null}
            <ResendButton first until={resendAt} busy={busy} onSend={() => void onRecoveryCode()} />
          </>
        )}
      </form>
    )
  }

  return (
    <PageFrame
      title={titles[signedIn && step === 'phone' ? 'phone' : step]}
      backLinks={false}
      testId="login-page"
    >
      <div className={styles.card}>
        {online ? null : (
          <p className={styles.offline} role="status" data-testid="login-offline">
            {t`Нет соединения с интернетом. Войти можно, когда сеть появится: каталог и корзина работают и без неё`}
          </p>
        )}
        {body}
      </div>
    </PageFrame>
  )
}

/** Spec 5: 6 to 16 characters with a letter and a digit; the server checks the alphabet too. */
function passwordLooksValid(value: string): boolean {
  return (
    value.length >= AUTH_LIMITS.passwordMin &&
    value.length <= AUTH_LIMITS.passwordMax &&
    /\p{L}/u.test(value) &&
    /\d/.test(value)
  )
}

function CodeInput({
  value,
  onChange,
  error,
}: {
  value: string
  onChange: (code: string) => void
  error?: string
}) {
  const { t } = useLingui()
  return (
    <Input
      label={t`Код из SMS`}
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern={CODE_PATTERN}
      maxLength={AUTH_LIMITS.codeLength}
      value={value}
      onChange={(event) => onChange(event.target.value.replace(/\D/g, '').slice(0, AUTH_LIMITS.codeLength))}
      error={error}
      autoFocus
      data-testid="login-code"
    />
  )
}
