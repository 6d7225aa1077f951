import type { getDefaultStore } from 'jotai'
import type { ComparedProduct } from '../atoms/comparison'
import { toast } from '../ui/toast/toast-store'
import { addToComparisonAtom, replaceComparisonAtom } from './actions'

type Store = ReturnType<typeof getDefaultStore>

export interface CompareTexts {
  added: string
  compare: string
  alreadyListed: string
  openList: string
  notComparable: string
  notComparableHint: string
  clearAndAdd: string
  cleared: string
}

/**
 * What a compare button does once pressed: the rules, the list and the toasts. Loaded on the first press,
 * so the cards of a listing carry only the button itself (the category page's JavaScript budget).
 */
export async function compareProduct(
  store: Store,
  product: ComparedProduct,
  texts: CompareTexts,
  openList: () => void,
): Promise<void> {
  const verdict = await store.set(addToComparisonAtom, product)
  if (verdict === 'added') {
    toast.success(texts.added, { id: 'comparison', button: { label: texts.compare, onClick: openList } })
  } else if (verdict === 'alreadyListed') {
    toast.show({
      id: 'comparison',
      title: texts.alreadyListed,
      button: { label: texts.openList, onClick: openList },
    })
  } else {
    toast.warning(texts.notComparable, {
      id: 'comparison',
      message: texts.notComparableHint,
      button: {
        label: texts.clearAndAdd,
        onClick: () => {
          void store
            .set(replaceComparisonAtom, product)
            .then(() => toast.success(texts.cleared, { id: 'comparison' }))
        },
      },
      duration: null,
    })
  }
}
