import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import type { StaffRole } from '../../../contract/values/staff'

/** One part of the back office in its navigation: where it is and which roles it is for (admins: all). */
export interface AdminSection {
  path: string
  label: MessageDescriptor
  roles: readonly StaffRole[]
}

/**
 * The back office's parts, in the navigation's order. A part joins this list when its pages exist
 * (src/admin/router.tsx routes them); a staff member sees the parts of their role.
 */
export const ADMIN_SECTIONS: readonly AdminSection[] = [
  { path: '/admin/orders', label: msg`Заказы`, roles: ['operator'] },
  { path: '/admin/catalog', label: msg`Каталог`, roles: ['operator'] },
  { path: '/admin/promotions', label: msg`Акции`, roles: ['admin'] },
  { path: '/admin/reviews', label: msg`Отзывы`, roles: ['moderator'] },
  { path: '/admin/support', label: msg`Чат поддержки`, roles: ['operator'] },
]

export function mayOpen(section: Pick<AdminSection, 'roles'>, role: StaffRole): boolean {
  return role === 'admin' || section.roles.includes(role)
}

/** Where a staff member starts: the first part of their role. */
export function homeOf(role: StaffRole): string {
  return ADMIN_SECTIONS.find((s) => mayOpen(s, role))?.path ?? '/admin/orders'
}
