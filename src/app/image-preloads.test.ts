import { describe, expect, it } from 'vitest'
import { highPriorityImagePreloads } from './image-preloads'

describe('highPriorityImagePreloads', () => {
  it('preloads the high-priority photo by its src', () => {
    const html =
      '<div><img src="/f3/api/v1/images/800/800/p674-0.webp" width="800" alt="Смартфон" loading="eager" fetchPriority="high" decoding="sync"/>' +
      '<img src="/f3/api/v1/images/88/88/p674-0.webp" alt loading="lazy"/></div>'
    expect(highPriorityImagePreloads(html)).toBe(
      '<link rel="preload" as="image" href="/f3/api/v1/images/800/800/p674-0.webp" fetchpriority="high"/>',
    )
  })

  it('preloads a card photo by its srcset and sizes, so the browser picks the file the page will use', () => {
    const html =
      '<img src="/i/272/p1.webp" srcset="/i/150/p1.webp 150w, /i/272/p1.webp 272w" sizes="(max-width: 767px) 46vw, 220px" loading="eager" fetchPriority="high" class="c"/>' +
      '<img src="/i/272/p2.webp" srcset="/i/150/p2.webp 150w" sizes="220px" loading="eager" class="c"/>'
    expect(highPriorityImagePreloads(html)).toBe(
      '<link rel="preload" as="image" imagesrcset="/i/150/p1.webp 150w, /i/272/p1.webp 272w" imagesizes="(max-width: 767px) 46vw, 220px" fetchpriority="high"/>',
    )
  })

  it('keeps the markup escaped and lists an image once', () => {
    const img = '<img src="/i/a.webp?w=1&amp;h=2" fetchpriority="high"/>'
    expect(highPriorityImagePreloads(img + img)).toBe(
      '<link rel="preload" as="image" href="/i/a.webp?w=1&amp;h=2" fetchpriority="high"/>',
    )
  })

  it('skips lazy images and pages without a high-priority image', () => {
    expect(highPriorityImagePreloads('<img src="/i/a.webp" loading="lazy" fetchpriority="high"/>')).toBe('')
    expect(highPriorityImagePreloads('<p>Нет фото</p><img src="/i/b.webp"/>')).toBe('')
  })
})
