import { useLingui } from '@lingui/react/macro'
import { PageFrame } from '../../page/page-frame'

/** Unknown addresses, unknown city prefixes and missing items all end here. */
export function NotFoundPage() {
  const { t } = useLingui()
  return (
    <PageFrame
      title={t`Страница не найдена`}
      description={t`Возможно, страница была удалена или в адресе есть ошибка. Загляните в каталог или вернитесь на главную.`}
      testId="not-found"
    />
  )
}
