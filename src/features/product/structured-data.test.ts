import { describe, expect, it } from 'vitest'
import { aProduct } from './fixtures'
import { breadcrumbJsonLd, productJsonLd, serializeJsonLd } from './structured-data'

const page = {
  origin: 'https://shop.example.kz',
  href: (path: string) => (path === '/' ? '/astana_kk' : `/astana_kk${path}`),
  path: '/astana_kk/p/smartfon-100017',
}

describe('structured data', () => {
  it('describes the product with its offer in tenge, its brand and its rating', () => {
    const data = productJsonLd(aProduct(), page)
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Смартфон Samsung Galaxy S24 256GB черный',
      sku: '100017',
      url: 'https://shop.example.kz/astana_kk/p/smartfon-100017',
      brand: { '@type': 'Brand', name: 'Samsung' },
      category: 'Смартфоны',
      offers: {
        '@type': 'Offer',
        price: 449_990,
        priceCurrency: 'KZT',
        availability: 'https://schema.org/InStock',
      },
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.6, reviewCount: 31 },
    })
    expect(data.image).toEqual([
      'https://shop.example.kz/f3/api/v1/images/800/800/p17-0.jpg',
      'https://shop.example.kz/f3/api/v1/images/800/800/p17-1.jpg',
      'https://shop.example.kz/f3/api/v1/images/800/800/p17-2.jpg',
    ])
  })

  it('leaves out a rating no review stands behind, and a brand the product has not', () => {
    const data = productJsonLd(
      aProduct({ review_count: 0, rating: 0, brand: null, availability: 'OutOfStock' }),
      page,
    )
    expect(data).not.toHaveProperty('aggregateRating')
    expect(data).not.toHaveProperty('brand')
    expect(data.offers).toMatchObject({ availability: 'https://schema.org/OutOfStock' })
  })

  it('numbers the breadcrumbs from 1 with addresses in the page city and language, the product last', () => {
    const data = breadcrumbJsonLd(
      [
        { title: 'Главная', path: '/' },
        { title: 'Смартфоны', path: '/catalog/smartfony' },
      ],
      'Смартфон',
      page,
    )
    expect(data).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Главная', item: 'https://shop.example.kz/astana_kk' },
        {
          '@type': 'ListItem',
          position: 2,
          name: 'Смартфоны',
          item: 'https://shop.example.kz/astana_kk/catalog/smartfony',
        },
        {
          '@type': 'ListItem',
          position: 3,
          name: 'Смартфон',
          item: 'https://shop.example.kz/astana_kk/p/smartfon-100017',
        },
      ],
    })
  })

  it('cannot be closed early by text from the catalogue', () => {
    const json = serializeJsonLd({ name: '</script><script>alert(1)</script> & <!--' })
    expect(json).not.toContain('<')
    expect(json).not.toContain('>')
    expect(JSON.parse(json)).toEqual({ name: '</script><script>alert(1)</script> & <!--' })
  })
})
