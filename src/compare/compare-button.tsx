import { useLingui } from '@lingui/react/macro'
import { useNavigate } from '@tanstack/react-router'
import { useAtomValue, useSetAtom } from 'jotai'
import { startTransition, useEffect, useState } from 'react'
import { useStoreLocation } from '../url/store-location'
import { IconButton } from '../ui/button'
import { CompareIcon } from '../ui/icons'
import { toast } from '../ui/toast/toast-store'
import { addToComparisonAtom, comparisonListAtom, replaceComparisonAtom } from './actions'
import { comparisonCategories } from './rules'
import styles from './compare-button.module.css'

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
  const { prefix } = useStoreLocation()
  const mounted = useMountedInTransition()
  const list = useAtomValue(comparisonListAtom)
  const add = useSetAtom(addToComparisonAtom)
  const replace = useSetAtom(replaceComparisonAtom)
  const listed = mounted && (list?.some((item) => item.sku === product.sku) ?? false)
  const openList = () => void navigate({ to: '/{-$city}/compare', params: { city: prefix } })

  async function onClick() {
    const compared = {
      sku: product.sku,
      uri: product.uri,
      categories: comparisonCategories(product.categories_ru),
    }
    const verdict = await add(compared)
    if (verdict === 'added') {
      toast.success(t`Товар добавлен к сравнению`, {
        id: 'comparison',
        button: { label: t`Сравнить`, onClick: openList },
      })
    } else if (verdict === 'alreadyListed') {
      toast.show({
        id: 'comparison',
        title: t`Товар уже есть в сравнении`,
        button: { label: t`Перейти к сравнению`, onClick: openList },
      })
    } else {
      toast.warning(t`Этот товар нельзя сравнить с товарами из списка`, {
        id: 'comparison',
        message: t`Сравнивать можно товары одной категории. Очистите список, чтобы сравнить этот товар с другими.`,
        button: {
          label: t`Очистить список и добавить`,
          onClick: () => {
            void replace(compared).then(() =>
              toast.success(t`Список сравнения очищен, товар добавлен`, { id: 'comparison' }),
            )
          },
        },
        duration: null,
      })
    }
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
