import { expect, test, type APIRequestContext, type Page } from './fixtures'

/** A part's value of one characteristic (`socket`), read from its product answer. */
async function specOf(request: APIRequestContext, sku: string, code: string): Promise<string | undefined> {
  const product = (await (await request.get(`/katalog/api/v1/products/${sku}?city_id=1`)).json()) as {
    spec_groups?: { items: { code: string; value: string }[] }[]
  }
  return product.spec_groups?.flatMap((group) => group.items).find((item) => item.code === code)?.value
}

const slot = (page: Page, code: string) =>
  page.locator(`[data-testid="configurator-slot"][data-code="${code}"]`)
const picker = (page: Page) => page.getByTestId('part-picker')

/** Opens a slot's list and chooses a part by SKU, or the first one offered; answers the chosen SKU. */
async function choose(page: Page, code: string, sku?: string): Promise<string> {
  await slot(page, code).getByTestId('slot-choose').click()
  await expect(picker(page)).toHaveAttribute('data-code', code)
  const row = sku
    ? picker(page).locator(`[data-testid="picker-part"][data-sku="${sku}"]`)
    : picker(page).getByTestId('picker-part').first()
  const chosen = (await row.getAttribute('data-sku')) ?? ''
  await row.getByTestId('picker-choose').click()
  await expect(slot(page, code)).toHaveAttribute('data-sku', chosen)
  return chosen
}

/** The journey runs on the desktop and, tagged `@phone`, on the phone project: the two layouts differ. */
for (const tag of ['', ' @phone'])
  test(`a shopper builds a PC from compatible parts, fixes a conflict, shares it and orders it assembled${tag}`, async ({
    page,
    browser,
  }) => {
    // eleven parts chosen, a conflict fixed, a share opened in a second browser and an order placed
    test.setTimeout(120_000)
    await page.goto('/configurator')
    await expect(page.getByTestId('compatibility-banner')).toHaveAttribute('data-tone', 'empty')

    // A processor, then only boards of its socket are offered.
    const cpu = await choose(page, 'cpu')
    const socket = await specOf(page.request, cpu, 'socket')
    expect(socket).toBeTruthy()
    await slot(page, 'motherboard').getByTestId('slot-choose').click()
    const boards = picker(page).getByTestId('picker-part')
    await expect(boards.first()).toBeVisible()
    const boardSkus = await boards.evaluateAll((rows) =>
      rows.map((row) => row.getAttribute('data-sku') ?? ''),
    )
    for (const sku of boardSkus.slice(0, 10)) expect(await specOf(page.request, sku, 'socket')).toBe(socket)
    await boards.first().getByTestId('picker-choose').click()
    await choose(page, 'ram')
    await choose(page, 'storage')

    // The smallest case, then a graphics card too long for it, chosen with its reason in view.
    await slot(page, 'case').getByTestId('slot-choose').click()
    const cases = picker(page).getByTestId('picker-part')
    await expect(cases.first()).toBeVisible()
    const caseSkus = await cases.evaluateAll((rows) => rows.map((row) => row.getAttribute('data-sku') ?? ''))
    const lengths = await Promise.all(
      caseSkus.slice(0, 20).map(async (sku) => Number(await specOf(page.request, sku, 'max_gpu_length'))),
    )
    const smallCase =
      caseSkus[lengths.indexOf(Math.min(...lengths.filter((n) => n > 0)))] ?? caseSkus[0] ?? ''
    await picker(page)
      .locator(`[data-testid="picker-part"][data-sku="${smallCase}"]`)
      .getByTestId('picker-choose')
      .click()
    await expect(slot(page, 'case')).toHaveAttribute('data-sku', smallCase)

    await slot(page, 'gpu').getByTestId('slot-choose').click()
    await picker(page).getByTestId('picker-all').check()
    const tooLong = picker(page).locator('[data-testid="picker-part"][data-incompatible="true"]').first()
    await expect(tooLong).toBeVisible()
    const longGpu = (await tooLong.getAttribute('data-sku')) ?? ''
    await tooLong.getByTestId('picker-choose').click()

    const banner = page.getByTestId('compatibility-banner')
    await expect(banner).toHaveAttribute('data-tone', 'error')
    const error = banner.locator('[data-testid="compatibility-message"][data-severity="error"]').first()
    const gpuTitle = (await slot(page, 'gpu').getByTestId('slot-part-title').textContent()) ?? ''
    const caseTitle = (await slot(page, 'case').getByTestId('slot-part-title').textContent()) ?? ''
    await expect(error).toContainText(gpuTitle)
    await expect(error).toContainText(caseTitle)
    await expect(slot(page, 'gpu')).toHaveAttribute('data-incompatible', 'true')
    await expect(page.getByTestId('configurator-add-to-cart')).toBeDisabled()

    // Fixed: a graphics card from the list of those that fit.
    await slot(page, 'gpu').getByTestId('slot-choose').click()
    const fitting = picker(page)
      .locator('[data-testid="picker-part"]:not([data-sku="' + longGpu + '"])')
      .first()
    await fitting.getByTestId('picker-choose').click()
    await expect(banner.locator('[data-severity="error"]')).toHaveCount(0)
    await choose(page, 'psu')
    await expect(page.getByTestId('configurator-wattage')).not.toHaveAttribute('data-watts', '0')
    await expect(page.getByTestId('configurator-add-to-cart')).toBeEnabled()
    const total = await page.getByTestId('configurator-total').getAttribute('data-amount')

    // The build survives a reload (its id is on the device).
    await page.reload()
    await expect(page.getByTestId('configurator-total')).toHaveAttribute('data-amount', total ?? '')

    // Saved and shared; the link opens in another browser, which takes the build as its own.
    await page.getByTestId('configurator-share').click()
    const link = await page.getByTestId('configurator-share-link').inputValue()
    const parts = await page
      .getByTestId('configurator-slot')
      .evaluateAll((slots) => slots.map((s) => s.getAttribute('data-sku') ?? '').filter(Boolean))

    const other = await browser.newContext()
    const friend = await other.newPage()
    await friend.goto(link)
    await expect(friend.getByTestId('shared-configuration-page')).toBeVisible()
    await expect(friend.getByTestId('configurator-total')).toHaveAttribute('data-amount', total ?? '')
    await friend.getByTestId('configurator-take').click()
    await expect(friend.getByTestId('configurator-page')).toBeVisible()
    for (const sku of parts)
      await expect(friend.locator(`[data-testid="configurator-slot"][data-sku="${sku}"]`)).toBeVisible()

    // Everything to the cart with assembly: the parts and the assembly service are there.
    await friend.getByTestId('configurator-add-to-cart').click()
    await expect(friend).toHaveURL(/\/cart$/)
    for (const sku of parts)
      await expect(friend.locator(`[data-testid="cart-line"][data-sku="${sku}"]`)).toBeVisible()
    await expect(friend.getByTestId('cart-service').filter({ hasText: /сборка/i })).toBeVisible()
    await other.close()
  })
