import type { Lang } from '../../../contract/common'
import type { OrderPaymentMethodValue } from '../../../contract/checkout'

/** The words of the documents, in Russian and Kazakh (the request's language). */
export interface DocumentTexts {
  page: (page: number, pages: number) => string
  pieces: string
  // parties
  seller: string
  buyer: string
  bin: string
  address: string
  iban: string
  bik: string
  bank: string
  kbe: string
  knp: string
  beneficiary: string
  beneficiaryBank: string
  contact: string
  phone: string
  email: string
  // tables
  no: string
  sku: string
  item: string
  quantity: string
  unit: string
  price: string
  sum: string
  gift: string
  kit: string
  service: string
  delivery: string
  // totals
  goods: string
  promoCode: string
  giftCards: string
  bonuses: string
  total: string
  toPay: string
  vatIncluded: (percent: number) => string
  discount: string
  // receipt
  receiptTitle: string
  receiptSubject: string
  orderNo: (number: string, date: string) => string
  customer: string
  organisation: string
  receiving: string
  pickup: string
  courier: string
  express: string
  paymentMethod: string
  paymentStatus: string
  methods: Record<OrderPaymentMethodValue, string>
  statuses: Record<'paid' | 'pending' | 'failed' | 'not_required' | 'refund_due' | 'refunded', string>
  card: (mask: string) => string
  paidAt: (date: string) => string
  deliveryDate: (date: string, slot: string | null) => string
  thanks: string
  barcodeHint: string
  // invoice
  invoiceTitle: (number: string, date: string) => string
  invoiceSubject: string
  supplier: string
  basis: string
  basisOrder: (number: string) => string
  payUntil: (date: string) => string
  invoiceCount: (count: number, sum: string) => string
  inWords: (words: string) => string
  paymentPurpose: (number: string) => string
  issuedBy: string
  // barcode
  barcodeTitle: string
  barcodeSubject: string
  barcodeOrder: (number: string, date: string) => string
  barcodeShow: string
  // offer
  offerTitle: (number: string, date: string) => string
  offerSubject: string
  offerFor: string
  offerIntro: (city: string) => string
  offerValidUntil: (date: string) => string
  offerPricesNote: string
  offerOrderHint: string
  offerEmailSubject: (number: string) => string
  offerEmailText: (number: string, organisation: string, total: string, until: string) => string
  cities: Record<number, string>
}

const ru: DocumentTexts = {
  page: (page, pages) => `Страница ${page} из ${pages}`,
  pieces: 'шт.',
  seller: 'Продавец',
  buyer: 'Покупатель',
  bin: 'БИН',
  address: 'Адрес',
  iban: 'ИИК',
  bik: 'БИК',
  bank: 'Банк',
  kbe: 'КБе',
  knp: 'КНП',
  beneficiary: 'Бенефициар',
  beneficiaryBank: 'Банк бенефициара',
  contact: 'Контактное лицо',
  phone: 'Телефон',
  email: 'Эл. почта',
  no: '№',
  sku: 'Код',
  item: 'Наименование',
  quantity: 'Кол-во',
  unit: 'Ед.',
  price: 'Цена',
  sum: 'Сумма',
  gift: 'подарок',
  kit: 'комплект',
  service: 'услуга',
  delivery: 'Доставка',
  goods: 'Товары',
  promoCode: 'Скидка по промокоду',
  giftCards: 'Оплачено подарочными картами',
  bonuses: 'Оплачено бонусами',
  total: 'Итого',
  toPay: 'К оплате',
  vatIncluded: (p) => `В том числе НДС ${p}%`,
  discount: 'Скидка',
  receiptTitle: 'Товарный чек',
  receiptSubject: 'Товарный чек интернет-заказа',
  orderNo: (number, date) => `Заказ № ${number} от ${date}`,
  customer: 'Покупатель',
  organisation: 'Организация',
  receiving: 'Получение',
  pickup: 'Самовывоз',
  courier: 'Доставка курьером',
  express: 'Экспресс-доставка',
  paymentMethod: 'Способ оплаты',
  paymentStatus: 'Оплата',
  methods: {
    card_payment: 'Банковской картой онлайн',
    kaspi_qr_payment: 'Kaspi QR',
    cash_payment: 'Наличными при получении',
    cashless_payment: 'Безналичный расчёт по счёту',
    'loan/installment': 'Рассрочка через банк-партнёр',
    'loan/installment_initial_payment': 'Рассрочка с первоначальным взносом',
  },
  statuses: {
    paid: 'Оплачено',
    pending: 'Ожидает оплаты',
    failed: 'Не оплачено',
    not_required: 'При получении',
    refund_due: 'Деньги будут возвращены',
    refunded: 'Деньги возвращены',
  },
  card: (mask) => `карта ${mask}`,
  paidAt: (date) => `Оплачено ${date}`,
  deliveryDate: (date, slot) => `${date}${slot ? `, ${slot}` : ''}`,
  thanks: 'Спасибо за покупку!',
  barcodeHint: 'Штрихкод заказа: покажите его при получении.',
  invoiceTitle: (number, date) => `Счёт на оплату № ${number} от ${date}`,
  invoiceSubject: 'Счёт на оплату для организации',
  supplier: 'Поставщик',
  basis: 'Основание',
  basisOrder: (number) => `Заказ № ${number} в интернет-магазине`,
  payUntil: (date) =>
    `Оплатить до ${date}: после этого срока заказ отменяется и товар возвращается в продажу.`,
  invoiceCount: (count, sum) => `Всего наименований ${count}, на сумму ${sum}`,
  inWords: (words) => `Всего к оплате: ${words}`,
  paymentPurpose: (number) => `Назначение платежа: оплата по счёту № ${number}, в том числе НДС.`,
  issuedBy: 'Выписал(а)',
  barcodeTitle: 'Штрихкод заказа',
  barcodeSubject: 'Штрихкод заказа (Code 128)',
  barcodeOrder: (number, date) => `Заказ № ${number} от ${date}`,
  barcodeShow: 'Покажите этот штрихкод сотруднику магазина или курьеру при получении заказа.',
  offerTitle: (number, date) => `Коммерческое предложение № ${number} от ${date}`,
  offerSubject: 'Коммерческое предложение',
  offerFor: 'Кому',
  offerIntro: (city) => `Предлагаем поставку следующих товаров по ценам магазина в городе ${city}:`,
  offerValidUntil: (date) => `Предложение действительно до ${date} включительно.`,
  offerPricesNote: 'Цены указаны в тенге и включают НДС 12%. Наличие товара подтверждается при заказе.',
  offerOrderHint:
    'Чтобы заказать, оформите заказ на сайте как организация с оплатой по безналичному расчёту: счёт на оплату придёт вместе с заказом.',
  offerEmailSubject: (number) => `Коммерческое предложение № ${number}`,
  offerEmailText: (number, organisation, total, until) =>
    `Здравствуйте!\n\nВо вложении коммерческое предложение № ${number} для ${organisation} на сумму ${total} (с НДС 12%).\nПредложение действительно до ${until}.\n\nС уважением,\nинтернет-магазин`,
  cities: { 1: 'Алматы', 2: 'Астана', 3: 'Шымкент', 4: 'Актобе' },
}

const kk: DocumentTexts = {
  page: (page, pages) => `${pages} беттің ${page}-беті`,
  pieces: 'дана',
  seller: 'Сатушы',
  buyer: 'Сатып алушы',
  bin: 'БСН',
  address: 'Мекенжайы',
  iban: 'ЖСК',
  bik: 'БСК',
  bank: 'Банк',
  kbe: 'БеК',
  knp: 'ТМК',
  beneficiary: 'Бенефициар',
  beneficiaryBank: 'Бенефициардың банкі',
  contact: 'Байланыс тұлғасы',
  phone: 'Телефон',
  email: 'Эл. пошта',
  no: '№',
  sku: 'Коды',
  item: 'Атауы',
  quantity: 'Саны',
  unit: 'Өлш.',
  price: 'Бағасы',
  sum: 'Сомасы',
  gift: 'сыйлық',
  kit: 'жинақ',
  service: 'қызмет',
  delivery: 'Жеткізу',
  goods: 'Тауарлар',
  promoCode: 'Промокод бойынша жеңілдік',
  giftCards: 'Сыйлық карталарымен төленді',
  bonuses: 'Бонустармен төленді',
  total: 'Барлығы',
  toPay: 'Төлеуге',
  vatIncluded: (p) => `Оның ішінде ҚҚС ${p}%`,
  discount: 'Жеңілдік',
  receiptTitle: 'Тауар чегі',
  receiptSubject: 'Интернет-тапсырыстың тауар чегі',
  orderNo: (number, date) => `${date} күнгі № ${number} тапсырыс`,
  customer: 'Сатып алушы',
  organisation: 'Ұйым',
  receiving: 'Алу тәсілі',
  pickup: 'Өзі алып кету',
  courier: 'Курьермен жеткізу',
  express: 'Жедел жеткізу',
  paymentMethod: 'Төлем тәсілі',
  paymentStatus: 'Төлем',
  methods: {
    card_payment: 'Банк картасымен онлайн',
    kaspi_qr_payment: 'Kaspi QR',
    cash_payment: 'Алған кезде қолма-қол ақшамен',
    cashless_payment: 'Шот бойынша қолма-қол ақшасыз есеп айырысу',
    'loan/installment': 'Серіктес банк арқылы бөліп төлеу',
    'loan/installment_initial_payment': 'Бастапқы жарнамен бөліп төлеу',
  },
  statuses: {
    paid: 'Төленді',
    pending: 'Төлемді күтуде',
    failed: 'Төленбеді',
    not_required: 'Алған кезде',
    refund_due: 'Ақша қайтарылады',
    refunded: 'Ақша қайтарылды',
  },
  card: (mask) => `карта ${mask}`,
  paidAt: (date) => `${date} төленді`,
  deliveryDate: (date, slot) => `${date}${slot ? `, ${slot}` : ''}`,
  thanks: 'Сатып алғаныңызға рахмет!',
  barcodeHint: 'Тапсырыстың штрихкоды: алған кезде көрсетіңіз.',
  invoiceTitle: (number, date) => `${date} күнгі № ${number} төлем шоты`,
  invoiceSubject: 'Ұйымға арналған төлем шоты',
  supplier: 'Жеткізуші',
  basis: 'Негіздеме',
  basisOrder: (number) => `Интернет-дүкендегі № ${number} тапсырыс`,
  payUntil: (date) =>
    `${date} дейін төлеңіз: осы мерзімнен кейін тапсырыс жойылып, тауар қайтадан сатылымға шығады.`,
  invoiceCount: (count, sum) => `Барлық атаулар саны ${count}, сомасы ${sum}`,
  inWords: (words) => `Барлығы төлеуге: ${words}`,
  paymentPurpose: (number) => `Төлем мақсаты: № ${number} шот бойынша төлем, ҚҚС-ты қоса алғанда.`,
  issuedBy: 'Жазып берген',
  barcodeTitle: 'Тапсырыстың штрихкоды',
  barcodeSubject: 'Тапсырыстың штрихкоды (Code 128)',
  barcodeOrder: (number, date) => `${date} күнгі № ${number} тапсырыс`,
  barcodeShow: 'Тапсырысты алған кезде осы штрихкодты дүкен қызметкеріне немесе курьерге көрсетіңіз.',
  offerTitle: (number, date) => `${date} күнгі № ${number} коммерциялық ұсыныс`,
  offerSubject: 'Коммерциялық ұсыныс',
  offerFor: 'Кімге',
  offerIntro: (city) => `${city} қаласындағы дүкен бағаларымен келесі тауарларды жеткізуді ұсынамыз:`,
  offerValidUntil: (date) => `Ұсыныс ${date} қоса алғанда жарамды.`,
  offerPricesNote:
    'Бағалар теңгемен көрсетілген және ҚҚС 12% қамтиды. Тауардың бар-жоғы тапсырыс берген кезде расталады.',
  offerOrderHint:
    'Тапсырыс беру үшін сайтта ұйым ретінде қолма-қол ақшасыз есеп айырысу арқылы тапсырыс рәсімдеңіз: төлем шоты тапсырыспен бірге келеді.',
  offerEmailSubject: (number) => `№ ${number} коммерциялық ұсыныс`,
  offerEmailText: (number, organisation, total, until) =>
    `Сәлеметсіз бе!\n\nҚосымшада ${organisation} үшін № ${number} коммерциялық ұсыныс, сомасы ${total} (ҚҚС 12% қоса алғанда).\nҰсыныс ${until} дейін жарамды.\n\nҚұрметпен,\nинтернет-дүкен`,
  cities: { 1: 'Алматы', 2: 'Астана', 3: 'Шымкент', 4: 'Ақтөбе' },
}

export const documentTexts: Record<Lang, DocumentTexts> = { ru, kk }
