/**
 * The libraries every page runs on (the `vendor` chunk of vite.config.ts), evaluated in a task of their
 * own before the app's own code (src/boot.ts): evaluating both at once was the longest task of a
 * server-rendered page's start on a slow phone. The exports only keep the bundler from dropping them.
 */
export { hydrateRoot } from 'react-dom/client'
export { QueryClient } from '@tanstack/react-query'
export { createRouter } from '@tanstack/react-router'
