import { useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { outbox } from '../../data/outbox'
import { Button } from '../../ui/button'
import { Input } from '../../ui/input'
import { Modal } from '../../ui/modal'
import { useStoreLocation } from '../../url/store-location'
import { pendingKey } from './queries'
import type { Configuration } from './types'
import styles from './configurator.module.css'

/** The address of a shared configuration, without the city prefix. */
export const sharedPath = (shareCode: string) => `/configurator?share=${encodeURIComponent(shareCode)}`

/**
 * "Save and share": every change is already saved as it is made; this waits for any change still on its
 * way, then shows the link anyone can open (read-only there, with a button to take it as their own).
 */
export function ShareConfiguration({ configuration }: { configuration: Configuration | null }) {
  const { t } = useLingui()
  const location = useStoreLocation()
  const [open, setOpen] = useState(false)
  const [state, setState] = useState<'saving' | 'offline' | 'ready'>('saving')
  const [copied, setCopied] = useState(false)
  const canShare = Boolean(configuration && configuration.components.length > 0)
  const link = configuration
    ? `${typeof window === 'undefined' ? '' : window.location.origin}${location.href(sharedPath(configuration.shareCode))}`
    : ''

  async function openShare() {
    if (!configuration) return
    setOpen(true)
    setCopied(false)
    setState('saving')
    await outbox.replay({ force: true })
    const waiting = outbox.getItems().some((item) => item.dedupeKey === pendingKey(configuration.id))
    setState(waiting ? 'offline' : 'ready')
  }

  async function copy() {
    try {
      await navigator.clipboard.writeText(link)
      setCopied(true)
    } catch {
      // Without clipboard access the link stays in the field for the shopper to copy.
    }
  }

  return (
    <>
      <Button
        block
        variant="secondary"
        disabled={!canShare}
        onClick={() => void openShare()}
        data-testid="configurator-share"
      >
        {t`Сохранить и поделиться`}
      </Button>
      <Modal open={open} onClose={() => setOpen(false)} title={t`Ссылка на сборку`}>
        {state === 'ready' ? (
          <div className={styles.share}>
            <p className={styles.muted}>
              {t`Сборка сохранена. По ссылке её можно открыть на любом устройстве и взять себе.`}
            </p>
            <Input
              label={t`Ссылка на сборку`}
              value={link}
              readOnly
              onFocus={(event) => event.currentTarget.select()}
              data-testid="configurator-share-link"
            />
            <Button onClick={() => void copy()} data-testid="configurator-share-copy">
              {copied ? t`Скопировано` : t`Скопировать ссылку`}
            </Button>
          </div>
        ) : state === 'offline' ? (
          <p className={styles.muted} role="alert">
            {t`Нет сети: последние изменения ещё не сохранены. Ссылка появится, когда сеть вернётся.`}
          </p>
        ) : (
          <p className={styles.muted}>{t`Сохраняем сборку…`}</p>
        )}
      </Modal>
    </>
  )
}
