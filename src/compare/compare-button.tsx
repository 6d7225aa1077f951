import { useLingui } from '@lingui/react/macro'
import { useNavigate } from '@tanstack/react-router'
import { useAtomValue, useStore } from 'jotai'
import { unwrap } from 'jotai/utils'
import { startTransition, useEffect, useState } from 'react'
import { comparisonAtom } from '../atoms/comparison'
import { useStoreLocation } from '../url/store-location'
import { IconButton } from '../ui/button'
import { CompareIcon } from '../ui/icons'
import { comparisonCategories } from './rules'
import styles from './compare-button.module.css'

const listAtom = unwrap(comparisonAtom, (previous) => previous ?? null)

export interface CompareButtonProps {
  product: { sku: string; uri: string; categories_ru: readonly string[] }
  label?: string
  className?: string
}

/**
 * False for the first render, then true in a transition: the server knows nothing of this device's list,
 * so every button hydrates as the server drew it, and a listing of many cards then updates in slices
 * rather than in one task (README, "Nothing may re-render many cards synchronously after hydration").
 */
function useMountedInTransition(): boolean {
  const [mounted, setMounted] = useState(false)
  useEffect(() => startTransition(() => setMounted(true)), [])
  return mounted
}

/** Adds the product to the comparison on this device, by the spec's rules, and says what happened. */
export function CompareButton({ product, label, className }: CompareButtonProps) {
  const { t } = useLingui()
  const navigate = useNavigate()
  const { prefix, lang } = useStoreLocation()
  const mounted = useMountedInTransition()
  const list = useAtomValue(listAtom)
  const store = useStore()
  const listed = mounted && (list?.some((item) => item.sku === product.sku) ?? false)
  const openList = () => void navigate({ to: '/{-$city}/compare', params: { city: prefix } })

  async function onClick() {
    const compared = {
      sku: product.sku,
      uri: product.uri,
      categories: comparisonCategories(product.categories_ru),
    }
    const { compareProduct } = await import('./compare-click')
    await compareProduct(store, compared, lang, openList)
  }

  return (
    <IconButton
      label={label ?? (listed ? t`Товар в сравнении` : t`Добавить к сравнению`)}
      className={[className, listed ? styles.listed : ''].filter(Boolean).join(' ')}
      aria-pressed={listed}
      data-testid="add-to-compare"
      data-listed={listed ? 'true' : undefined}
      onClick={() => void onClick()}
    >
      <CompareIcon size="M" />
    </IconButton>
  )
}
