import { useLingui } from '@lingui/react/macro'
import type { Lang } from '../../../contract/common'
import { HrefLink } from '../../url/href-link'
import { useStoreLocation } from '../../url/store-location'
import styles from './lang-switch.module.css'

// Each language is named in itself, so a shopper finds theirs whatever is on screen.
const LANGUAGES: readonly { lang: Lang; short: string; name: string }[] = [
  { lang: 'ru', short: 'Рус', name: 'Русский' },
  { lang: 'kk', short: 'Қаз', name: 'Қазақша' },
]

/**
 * Russian / Kazakh: links to this page in the other language (the `_kk` suffix of the prefix).
 * Test ids: the header's is `lang-switch` with `lang-ru` / `lang-kk`; other copies add a prefix.
 */
export function LangSwitch({ full = false, testIdPrefix = '' }: { full?: boolean; testIdPrefix?: string }) {
  const { t } = useLingui()
  const location = useStoreLocation()
  return (
    <nav className={styles.switch} aria-label={t`Язык интерфейса`} data-testid={`${testIdPrefix}lang-switch`}>
      {LANGUAGES.map(({ lang, short, name }) => {
        const current = lang === location.lang
        return (
          <HrefLink
            key={lang}
            href={location.switchHref({ lang })}
            preload={false}
            lang={lang}
            hrefLang={lang}
            title={name}
            aria-label={full ? undefined : name}
            aria-current={current ? 'true' : undefined}
            className={current ? `${styles.option} ${styles.current}` : styles.option}
            data-testid={`${testIdPrefix}lang-${lang}`}
          >
            {full ? name : short}
          </HrefLink>
        )
      })}
    </nav>
  )
}
