import { renderToString } from 'preact-render-to-string'
import { useLayoutEffect, useState, type ReactElement, type ReactNode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { afterEach, describe, expect, it } from 'vitest'
import { HydrateInTurn, hydrateInTurns } from './hydrate-in-turn'

/** Which task each part hydrated in: a counter bumped by a timer that keeps ticking while parts hydrate. */
let task = 0
const hydratedIn: Record<string, number> = {}

function Part({ name }: { name: string }) {
  const [clicks, setClicks] = useState(0)
  // an effect: it runs where the part is hydrated, not where the server renders it
  useLayoutEffect(() => {
    hydratedIn[name] ??= task
  }, [name])
  return (
    <button type="button" data-name={name} onClick={() => setClicks((n) => n + 1)}>
      {name} {clicks}
    </button>
  )
}

function Page({ frameText = 'frame', children }: { frameText?: string; children?: ReactNode }) {
  return (
    <main>
      <h1>{frameText}</h1>
      <HydrateInTurn>
        <Part name="first" />
      </HydrateInTurn>
      <p>between</p>
      <HydrateInTurn>
        <Part name="second" />
      </HydrateInTurn>
      {children}
    </main>
  )
}

function serverRendered(page: ReactElement): HTMLElement {
  const root = document.createElement('div')
  root.innerHTML = renderToString(page)
  document.body.append(root)
  return root
}

function tick(): () => void {
  task = 0
  const timer = setInterval(() => (task += 1), 0)
  return () => clearInterval(timer)
}

afterEach(() => {
  document.body.innerHTML = ''
  for (const key of Object.keys(hydratedIn)) delete hydratedIn[key]
})

describe('hydrating in turns', () => {
  it('keeps the server markup and hydrates each part in a later task of its own, in page order', async () => {
    const root = serverRendered(<Page />)
    const first = root.querySelector('[data-name=first]')
    const second = root.querySelector('[data-name=second]')
    const stop = tick()

    const done = hydrateInTurns(() => hydrateRoot(root, <Page />))
    // the frame is hydrated, the parts wait: their markup is on screen untouched
    expect(hydratedIn).toEqual({})
    expect(root.querySelector('[data-name=first]')).toBe(first)
    await done
    stop()

    expect(root.innerHTML).toBe(renderToString(<Page />))
    expect(root.querySelector('[data-name=first]')).toBe(first)
    expect(root.querySelector('[data-name=second]')).toBe(second)
    expect(hydratedIn.first).toBeGreaterThan(0)
    expect(hydratedIn.second).toBeGreaterThan(hydratedIn.first ?? Infinity)
  })

  it('gives the parts their event handlers once their turn has come', async () => {
    const root = serverRendered(<Page />)
    await hydrateInTurns(() => hydrateRoot(root, <Page />))
    const second = root.querySelector<HTMLButtonElement>('[data-name=second]')
    second?.click()
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(second?.textContent).toBe('second 1')
  })

  it('leaves a waiting part alone when its parent renders again before its turn', async () => {
    const frame: { setText?: (text: string) => void } = {}
    function Changing() {
      const [text, setText] = useState('frame')
      useLayoutEffect(() => {
        frame.setText = setText
      }, [])
      return <Page frameText={text} />
    }
    const root = serverRendered(<Changing />)
    const first = root.querySelector('[data-name=first]')
    const stop = tick()
    const done = hydrateInTurns(() => hydrateRoot(root, <Changing />))
    frame.setText?.('changed')
    await Promise.resolve()
    await Promise.resolve()
    expect(hydratedIn).toEqual({})
    await done
    stop()
    expect(root.querySelector('h1')?.textContent).toBe('changed')
    expect(root.querySelector('[data-name=first]')).toBe(first)
    expect(hydratedIn.first).toBeGreaterThan(0)
  })

  it('gives a part inside a part a turn of its own after the outer one', async () => {
    function Outer() {
      useLayoutEffect(() => {
        hydratedIn.outer ??= task
      }, [])
      return (
        <section>
          <HydrateInTurn>
            <Part name="inner" />
          </HydrateInTurn>
        </section>
      )
    }
    const page = (
      <main>
        <HydrateInTurn>
          <Outer />
        </HydrateInTurn>
        <HydrateInTurn>
          <Part name="after" />
        </HydrateInTurn>
      </main>
    )
    const root = serverRendered(page)
    const inner = root.querySelector('[data-name=inner]')
    const stop = tick()
    await hydrateInTurns(() => hydrateRoot(root, page))
    stop()
    expect(root.innerHTML).toBe(renderToString(page))
    expect(root.querySelector('[data-name=inner]')).toBe(inner)
    expect(hydratedIn.inner).toBeGreaterThan(hydratedIn.outer ?? Infinity)
    expect(hydratedIn.after).toBeGreaterThan(hydratedIn.outer ?? Infinity)
  })

  it('renders parts at once when the page is rendered in the browser rather than hydrated', () => {
    const root = document.createElement('div')
    document.body.append(root)
    const html = renderToString(<Page />)
    // a client render (a later page, the shell) has no turns to wait for
    hydrateRoot(root, <Page />)
    expect(root.innerHTML).toBe(html)
    expect(hydratedIn.first).toBeDefined()
  })
})
