import { useLingui } from '@lingui/react/macro'
import type { AnyRouter } from '@tanstack/react-router'
import { useEffect, useRef, useState } from 'react'
import { createPortal } from 'react-dom'
import { useOnline } from '../../data/use-online'
import { formatDate } from '../../i18n/format'
import { Button } from '../../ui/button'
import {
  readSavedCategories,
  rememberSavedCategory,
  saveCategory,
  type SaveDeps,
  type SaveProgress,
} from './save-category'
import { megabytes, saveBudget } from './save-plan'
import styles from './offline.module.css'

/** The element a category page leaves for this (`#offline-save`, src/features/catalog/category-page.tsx). */
export const SAVE_SLOT_ID = 'offline-save'

function storage(): Storage | undefined {
  try {
    return window.localStorage
  } catch {
    return undefined
  }
}

/** Finds the category page's slot after every navigation (the page renders it after the route resolves). */
function useSlot(router: AnyRouter): { slot: HTMLElement | null; href: string } {
  const here = () => ({
    slot: document.getElementById(SAVE_SLOT_ID),
    href: window.location.pathname + window.location.search,
  })
  const [state, setState] = useState(here)
  useEffect(() => {
    const look = () =>
      setState((prev) => {
        const next = here()
        return prev.slot === next.slot && prev.href === next.href ? prev : next
      })
    const main = document.getElementById('main') ?? document.body
    const observer = new MutationObserver(look)
    observer.observe(main, { childList: true, subtree: true })
    const stop = router.subscribe('onResolved', look)
    look()
    return () => {
      observer.disconnect()
      stop()
    }
  }, [router])
  return state
}

export function SaveCategorySlot({ router }: { router: AnyRouter }) {
  const { slot, href } = useSlot(router)
  if (!slot) return null
  // A new category (or filters, or city) starts its own panel.
  return createPortal(<SavePanel key={href} href={href} router={router} />, slot)
}

function realDeps(router: AnyRouter): SaveDeps {
  return {
    fetch: (input, init) => window.fetch(input, init),
    caches: window.caches,
    preload: (href) => router.preloadRoute({ to: href } as never),
    tellWorker: (message) => navigator.serviceWorker?.controller?.postMessage(message),
    storageEstimate: async () => navigator.storage?.estimate?.(),
  }
}

/**
 * "Save for offline" on a category: what it will download and the most it may take, then a progress
 * bar with the products and megabytes so far and a cancel button, then when it was saved.
 */
function SavePanel({ href, router }: { href: string; router: AnyRouter }) {
  const { t } = useLingui()
  const online = useOnline()
  const [open, setOpen] = useState(false)
  const [budget, setBudget] = useState<number | null>(null)
  const [progress, setProgress] = useState<SaveProgress | null>(null)
  const [saved, setSaved] = useState(() => readSavedCategories(storage()).find((c) => c.href === href))
  const abort = useRef<AbortController | null>(null)
  useEffect(() => () => abort.current?.abort(), [])

  const canSave = typeof window.caches !== 'undefined' && 'serviceWorker' in navigator

  if (!canSave) return null

  const openPanel = () => {
    setOpen(true)
    void (navigator.storage?.estimate?.() ?? Promise.resolve(undefined))
      .catch(() => undefined)
      .then((estimate) => setBudget(saveBudget(estimate)))
  }
  const start = async () => {
    const controller = new AbortController()
    abort.current = controller
    const result = await saveCategory(href, realDeps(router), controller.signal, setProgress)
    abort.current = null
    if (result.products > 0) {
      const entry = { href, savedAt: Date.now(), products: result.products, bytes: result.bytes }
      rememberSavedCategory(storage(), entry)
      setSaved(entry)
    }
  }

  const saving = progress?.state === 'saving'
  if (!open) {
    return (
      <div className={styles.saveRow} data-testid="offline-save">
        <Button
          variant="secondary"
          size="s"
          onClick={openPanel}
          disabled={!online}
          data-testid="offline-save-open"
        >
          {saved ? t`Обновить сохранённое` : t`Сохранить для офлайна`}
        </Button>
        {saved ? (
          <p className={styles.muted} data-testid="offline-saved">
            {t`Сохранено для офлайна ${formatDate(saved.savedAt)}: товаров ${saved.products}, ${megabytes(saved.bytes)} МБ`}
          </p>
        ) : null}
        {!online ? (
          <p className={styles.muted}>{t`Сохранить категорию можно, когда есть интернет.`}</p>
        ) : null}
      </div>
    )
  }

  return (
    <div className={styles.save} data-testid="offline-save">
      {progress === null ? (
        <>
          <p>
            {t`Список товаров этой категории в вашем городе, страницы товаров и их фото будут доступны без интернета.`}
          </p>
          <p className={styles.muted} data-testid="offline-save-budget">
            {budget === null ? '…' : t`Займёт не больше ${megabytes(budget)} МБ на устройстве.`}
          </p>
          <div className={styles.actions}>
            <Button
              size="s"
              onClick={() => void start()}
              disabled={!online || budget === null}
              data-testid="offline-save-start"
            >
              {t`Скачать`}
            </Button>
            <Button variant="ghost" size="s" onClick={() => setOpen(false)}>
              {t`Отмена`}
            </Button>
          </div>
        </>
      ) : (
        <>
          <progress
            className={styles.meter}
            max={Math.max(progress.total, 1)}
            value={progress.state === 'saving' ? progress.products : Math.max(progress.total, 1)}
            aria-label={t`Сохранение для офлайна`}
            data-testid="offline-save-progress"
          />
          <p
            data-testid="offline-save-status"
            className={progress.state === 'failed' ? styles.error : undefined}
          >
            {progress.state === 'saving'
              ? t`Сохранено товаров: ${progress.products} из ${progress.total} · ${megabytes(progress.bytes)} из ${megabytes(progress.budget)} МБ`
              : progress.state === 'done'
                ? t`Готово: товаров ${progress.products}, ${megabytes(progress.bytes)} МБ. Категория откроется без интернета.`
                : progress.state === 'cancelled'
                  ? t`Остановлено: сохранено товаров ${progress.products}, ${megabytes(progress.bytes)} МБ.`
                  : t`Не удалось сохранить: проверьте соединение и попробуйте ещё раз.`}
          </p>
          <div className={styles.actions}>
            {saving ? (
              <Button
                variant="secondary"
                size="s"
                onClick={() => abort.current?.abort()}
                data-testid="offline-save-cancel"
              >
                {t`Отменить`}
              </Button>
            ) : (
              <Button
                variant="ghost"
                size="s"
                onClick={() => {
                  setOpen(false)
                  setProgress(null)
                }}
              >
                {t`Закрыть`}
              </Button>
            )}
          </div>
        </>
      )}
    </div>
  )
}
