import { queryOptions } from '@tanstack/react-query'
import type { StaffMe } from '../../../contract/staff'
import { adminApi } from './api'

/** Who is signed in to the back office; an error (401/403) means nobody. */
export const meQuery = () =>
  queryOptions({
    queryKey: ['admin', 'me'],
    queryFn: () => adminApi.get<StaffMe>('/me'),
    retry: false,
    staleTime: 60_000,
  })
