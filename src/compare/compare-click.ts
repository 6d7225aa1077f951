import { i18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { getDefaultStore } from 'jotai'
import type { Lang } from '../../contract/values/common'
import type { ComparedProduct } from '../atoms/comparison'
import { loadFeatureMessages } from '../i18n/feature-messages'
import { toast } from '../ui/toast/toast-store'
import { addToComparisonAtom, replaceComparisonAtom } from './actions'

type Store = ReturnType<typeof getDefaultStore>

/** What the toasts say: in the comparison's catalogue, which comes with this module, not with every card. */
const TEXTS = {
  added: msg`Товар добавлен к сравнению`,
  compare: msg`Сравнить`,
  alreadyListed: msg`Товар уже есть в сравнении`,
  openList: msg`Перейти к сравнению`,
  notComparable: msg`Этот товар нельзя сравнить с товарами из списка`,
  notComparableHint: msg`Сравнивать можно товары одной категории. Очистите список, чтобы сравнить этот товар с другими.`,
  clearAndAdd: msg`Очистить список и добавить`,
  cleared: msg`Список сравнения очищен, товар добавлен`,
}

/**
 * What a compare button does once pressed: the rules, the list and the toasts. Loaded on the first press,
 * so the cards of a listing carry only the button itself (the category page's JavaScript budget).
 */
export async function compareProduct(
  store: Store,
  product: ComparedProduct,
  lang: Lang,
  openList: () => void,
): Promise<void> {
  const [verdict] = await Promise.all([
    store.set(addToComparisonAtom, product),
    loadFeatureMessages('compare', lang),
  ])
  const texts = Object.fromEntries(Object.entries(TEXTS).map(([key, text]) => [key, i18n._(text)])) as Record<
    keyof typeof TEXTS,
    string
  >
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
