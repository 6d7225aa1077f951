import { useLingui } from '@lingui/react/macro'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { FormEvent } from 'react'
import type { AdminBenefits } from '../../../contract/back-office'
import { adminApi, isAdminError } from './api'
import { storeDateTime, tenge } from './format'
import styles from './admin.module.css'

const KEY = ['admin', 'benefits']

const list = (value: FormDataEntryValue | null) =>
  String(value ?? '')
    .split(/[\s,;]+/)
    .filter(Boolean)

/** `/admin/promotions`: promotions, promo codes and gift cards with their use; create and switch off. */
export function AdminPromotionsPage() {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const benefits = useQuery({ queryKey: KEY, queryFn: () => adminApi.get<AdminBenefits>('/benefits') })
  const change = useMutation({
    mutationFn: ({ path, body }: { path: string; body?: unknown }) =>
      adminApi.post<AdminBenefits>(path, body ?? {}),
    onSuccess: (answer) => queryClient.setQueryData(KEY, answer),
  })
  const send = (path: string, body?: unknown) => !change.isPending && change.mutate({ path, body })
  const form = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    return new FormData(event.currentTarget)
  }
  const now = new Date().toISOString()

  if (benefits.isError) return <p className={styles.error} role="alert">{t`Не удалось загрузить акции.`}</p>
  if (!benefits.data) return <p role="status">{t`Загрузка…`}</p>
  const { promotions, promo_codes: codes, gift_cards: cards } = benefits.data
  return (
    <>
      <h1>{t`Акции, промокоды и подарочные карты`}</h1>
      {change.isError ? (
        <p className={styles.error} role="alert">
          {isAdminError(change.error, 409)
            ? t`Такой код уже есть.`
            : isAdminError(change.error, 422)
              ? t`Нет таких товаров, категорий или брендов: ${JSON.stringify((change.error as { details?: { missing?: string[] } }).details?.missing ?? [])}`
              : t`Не удалось сохранить. Проверьте поля.`}
        </p>
      ) : null}

      <section className={styles.card}>
        <h2>{t`Промокоды`}</h2>
        <form
          className={styles.filters}
          onSubmit={(e) => {
            const f = form(e)
            send('/promo-codes', {
              code: f.get('code'),
              discount_kind: f.get('kind'),
              value: Number(f.get('value')),
              min_order_sum: Number(f.get('min') || 0),
              limit_total: f.get('limit') ? Number(f.get('limit')) : null,
              valid_from: now,
              valid_to: f.get('to') ? new Date(`${String(f.get('to'))}T23:59:59+05:00`).toISOString() : null,
            })
          }}
        >
          <label>
            {t`Код`}
            <input name="code" required />
          </label>
          <label>
            {t`Скидка`}
            <select name="kind">
              <option value="percent">%</option>
              <option value="fix">₸</option>
            </select>
          </label>
          <label>
            {t`Размер`}
            <input name="value" type="number" min={1} required />
          </label>
          <label>
            {t`Мин. сумма, ₸`}
            <input name="min" type="number" min={0} />
          </label>
          <label>
            {t`Лимит заказов`}
            <input name="limit" type="number" min={1} />
          </label>
          <label>
            {t`До`}
            <input name="to" type="date" />
          </label>
          <button type="submit" className={styles.primary}>
            {t`Создать промокод`}
          </button>
        </form>
        <table className={styles.table}>
          <thead>
            <tr>
              <th>{t`Код`}</th>
              <th>{t`Скидка`}</th>
              <th>{t`Действует`}</th>
              <th>{t`Использован`}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {codes.map((c) => (
              <tr key={c.code}>
                <td>{c.code}</td>
                <td>{c.discount_kind === 'percent' ? `${c.value}%` : tenge(c.value)}</td>
                <td>
                  {storeDateTime(c.valid_from)} – {c.valid_to ? storeDateTime(c.valid_to) : '∞'}
                </td>
                <td>
                  {c.redemptions}
                  {c.limit_total ? ` / ${c.limit_total}` : ''}
                </td>
                <td>
                  {c.is_active ? (
                    <button
                      type="button"
                      className={styles.button}
                      onClick={() => send(`/promo-codes/${encodeURIComponent(c.code)}/switch-off`)}
                    >
                      {t`Выключить`}
                    </button>
                  ) : (
                    <span className={styles.muted}>{t`выключен`}</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <section className={styles.card}>
        <h2>{t`Подарочные карты`}</h2>
        <form
          className={styles.filters}
          onSubmit={(e) => {
            const f = form(e)
            send('/gift-cards', {
              amount: Number(f.get('amount')),
              code: String(f.get('code') || '') || undefined,
            })
          }}
        >
          <label>
            {t`Номинал, ₸`}
            <input name="amount" type="number" min={100} required />
          </label>
          <label>
            {t`Код (пусто — придумать)`}
            <input name="code" />
          </label>
          <button type="submit" className={styles.primary}>
            {t`Выпустить карту`}
          </button>
        </form>
        <table className={styles.table}>
          <thead>
            <tr>
              <th>{t`Код`}</th>
              <th>{t`Номинал`}</th>
              <th>{t`Остаток`}</th>
              <th>{t`Заказов`}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {cards.map((g) => (
              <tr key={g.code}>
                <td>{g.code}</td>
                <td>{tenge(g.initial_amount)}</td>
                <td>{tenge(g.balance)}</td>
                <td>{g.orders}</td>
                <td>
                  {g.is_active ? (
                    <button
                      type="button"
                      className={styles.button}
                      onClick={() => send(`/gift-cards/${encodeURIComponent(g.code)}/switch-off`)}
                    >
                      {t`Выключить`}
                    </button>
                  ) : (
                    <span className={styles.muted}>{t`выключена`}</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <section className={styles.card}>
        <h2>{t`Акции с подарком`}</h2>
        <form
          className={styles.form}
          onSubmit={(e) => {
            const f = form(e)
            send('/promotions', {
              type: 'gift',
              title_ru: f.get('title_ru'),
              title_kk: f.get('title_kk'),
              main_entity_type: f.get('on'),
              main_entities: list(f.get('entities')),
              rules: [
                {
                  title_ru: t`Подарок`,
                  title_kk: 'Сыйлық',
                  skus: list(f.get('gifts')),
                  discount_kind: 'fix',
                  discount_value: 0,
                },
              ],
              valid_from: now,
            })
          }}
        >
          <label>
            {t`Название (рус.)`}
            <input name="title_ru" required />
          </label>
          <label>
            {t`Название (каз.)`}
            <input name="title_kk" required />
          </label>
          <label>
            {t`На что`}
            <select name="on">
              <option value="product">{t`Товары (артикулы)`}</option>
              <option value="category">{t`Категория (адрес в каталоге)`}</option>
              <option value="brand">{t`Бренд (адрес)`}</option>
            </select>
          </label>
          <label>
            {t`Артикулы или адреса через запятую`}
            <input name="entities" required />
          </label>
          <label>
            {t`Подарки: артикулы через запятую`}
            <input name="gifts" required />
          </label>
          <button type="submit" className={styles.primary}>
            {t`Запустить акцию`}
          </button>
        </form>
        <table className={styles.table}>
          <thead>
            <tr>
              <th>{t`Акция`}</th>
              <th>{t`Тип`}</th>
              <th>{t`Действует`}</th>
              <th>{t`Регистраций`}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {promotions.map((p) => (
              <tr key={p.id}>
                <td>
                  {p.title_ru}
                  <div className={styles.muted}>{p.title_kk}</div>
                </td>
                <td>{p.type === 'gift' ? t`подарок` : t`комплект`}</td>
                <td>
                  {storeDateTime(p.valid_from)} – {p.valid_to ? storeDateTime(p.valid_to) : '∞'}
                </td>
                <td>{p.registrations}</td>
                <td>
                  {p.is_active ? (
                    <button
                      type="button"
                      className={styles.button}
                      onClick={() => send(`/promotions/${p.id}/switch-off`)}
                    >
                      {t`Выключить`}
                    </button>
                  ) : (
                    <span className={styles.muted}>{t`выключена`}</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </>
  )
}
