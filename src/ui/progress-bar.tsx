import { useEffect, useState } from 'react'
import styles from './progress-bar.module.css'

export interface ProgressBarProps {
  /** Work is under way. */
  active: boolean
  /** Shown only when the work takes longer than this, so quick changes do not flash. */
  delayMs?: number
  label: string
}

type Phase = 'idle' | 'running' | 'finishing'

export const PROGRESS_DELAY_MS = 150
const FINISH_MS = 450

/** A thin bar along the top of the page that grows while something loads; no spinner (spec 2.8). */
export function ProgressBar({ active, delayMs = PROGRESS_DELAY_MS, label }: ProgressBarProps) {
  const [phase, setPhase] = useState<Phase>('idle')

  useEffect(() => {
    if (active) {
      const show = setTimeout(() => setPhase('running'), delayMs)
      return () => clearTimeout(show)
    }
    const finish = setTimeout(() => setPhase((p) => (p === 'running' ? 'finishing' : p)), 0)
    const hide = setTimeout(() => setPhase('idle'), FINISH_MS)
    return () => {
      clearTimeout(finish)
      clearTimeout(hide)
    }
  }, [active, delayMs])

  const className = phase === 'idle' ? styles.bar : `${styles.bar} ${styles[phase]}`
  return (
    <div
      className={className}
      role="progressbar"
      aria-label={label}
      aria-hidden={phase === 'running' ? undefined : true}
      aria-busy={phase === 'running'}
      data-testid="route-progress"
      data-state={phase}
    />
  )
}
