import { useLingui } from '@lingui/react/macro'
import { useQueryErrorResetBoundary } from '@tanstack/react-query'
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router'
import { isApiError } from '../../data/api-error'
import { Button } from '../../ui/button'
import styles from './content.module.css'

/** A content page could not be loaded: said in the page, with a retry, the header and footer kept. */
export function ContentLoadError({ error, reset }: ErrorComponentProps) {
  const { t } = useLingui()
  const router = useRouter()
  const queryReset = useQueryErrorResetBoundary()
  const offline = isApiError(error) && error.status === 0
  return (
    <div className={`page-container ${styles.failure}`} data-testid="content-error">
      <h1>{t`Не удалось загрузить страницу`}</h1>
      <p>
        {offline
          ? t`Нет связи с магазином. Проверьте подключение к интернету и попробуйте снова.`
          : t`Сервис временно недоступен. Попробуйте ещё раз через минуту.`}
      </p>
      <Button
        onClick={() => {
          queryReset.reset()
          reset()
          void router.invalidate()
        }}
      >
        {t`Повторить`}
      </Button>
    </div>
  )
}
