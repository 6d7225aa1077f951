import { useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useState, type ReactNode } from 'react'
import { useStoreLocation } from '../../url/store-location'
import { signOut, useSignedIn } from '../../session/session'
import { Button } from '../../ui/button'
import { AccountNav } from './account-pages'
import { PageFrame } from '../../page/page-frame'
import { SECTIONS, type SectionKey } from '../../page/sections'
import styles from './account.module.css'

/** Spec 2.7: after sign-out the shopper lands on the index page, with their data gone from the cache. */
export function SignOutButton() {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const { prefix } = useStoreLocation()
  const [busy, setBusy] = useState(false)
  return (
    <Button
      variant="ghost"
      block
      disabled={busy}
      data-testid="sign-out"
      onClick={async () => {
        setBusy(true)
        await signOut(queryClient)
        await navigate({ to: '/{-$city}', params: { city: prefix } })
      }}
    >
      {t`Выйти`}
    </Button>
  )
}

/** One section of the account: its heading, the section list with sign-out beside it, the content. */
export function AccountFrame({ section, children }: { section: SectionKey; children: ReactNode }) {
  const { i18n } = useLingui()
  const text = SECTIONS[section]
  // A guest (on the guest page) has no sections to go to and nothing to sign out of.
  const signedIn = useSignedIn()
  const crumbs = section === 'account' ? [] : [{ label: i18n._(SECTIONS.account.title), path: '/my-account' }]
  return (
    <PageFrame
      title={i18n._(text.title)}
      crumbs={crumbs}
      backLinks={false}
      testId={`section-${section}`}
      aside={
        signedIn ? (
          <div className={styles.aside}>
            <AccountNav />
            <SignOutButton />
          </div>
        ) : undefined
      }
    >
      <div className={styles.content}>{children}</div>
    </PageFrame>
  )
}
