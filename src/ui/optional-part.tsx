import { lazy, type ComponentType } from 'react'

/**
 * A part of the page that may be missing: when its code cannot be fetched (offline before the service
 * worker has kept it, or a deployment removed the file), it renders nothing instead of failing the whole
 * page. The search journey's offline step met exactly that: the guest offer's chunk failed to load and
 * the page showed the error screen.
 */
export function optionalPart<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): ComponentType<Props> {
  return lazy(() =>
    load().then(
      (component) => ({ default: component }),
      () => ({ default: (() => null) as ComponentType<Props> }),
    ),
  )
}
