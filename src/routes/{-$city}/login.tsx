import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod'
import { LoginPage } from '../../features/auth/login-page'

/** Spec 2.7 steps; `redirect` is where to go after signing in, a path of this site only. */
const LoginSearch = z.object({
  step: z.enum(['phone', 'sms', 'password', 'create', 'forgot-password']).optional().catch(undefined),
  redirect: z
    .string()
    .regex(/^\/(?![/\\])/)
    .max(2000)
    .optional()
    .catch(undefined),
})

export const Route = createFileRoute('/{-$city}/login')({
  validateSearch: LoginSearch,
  component: LoginRoute,
})

function LoginRoute() {
  const { step, redirect } = Route.useSearch()
  return <LoginPage step={step} redirect={redirect} />
}
