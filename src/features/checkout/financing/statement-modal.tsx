import { useLingui } from '@lingui/react/macro'
import { useMutation } from '@tanstack/react-query'
import { useState, type ChangeEvent } from 'react'
import type { StatementBank } from '../../../../contract/broker'
import { Button } from '../../../ui/button'
import { Modal } from '../../../ui/modal'
import { uploadStatement } from './api'
import type { AttachedStatement } from './flow'
import { brokerFailure, sizeText, STATEMENT_PROBLEMS } from './messages'
import { statementProblem, statementSizeLabel, type StatementProblem } from './statement-file'
import checkout from '../checkout.module.css'
import styles from './financing.module.css'

export interface StatementModalProps {
  open: boolean
  banks: readonly StatementBank[]
  /** Some banks score only with a statement; the shopper may still apply without one. */
  onDone: (statement: AttachedStatement | null) => void
  onClose: () => void
}

type Stage = 'choice' | 'completed'

/**
 * The bank statement upload (purchase flow 2, 4): the choice of the bank and the PDF, then completed
 * with the file's name and size. Closing goes back to the choice; choosing no file forgets the statement.
 */
export function StatementModal({ open, banks, onDone, onClose }: StatementModalProps) {
  const { t, i18n } = useLingui()
  const [stage, setStage] = useState<Stage>('choice')
  const [bic, setBic] = useState(banks[0]?.bic ?? '')
  const [problem, setProblem] = useState<StatementProblem | null>(null)
  const [statement, setStatement] = useState<AttachedStatement | null>(null)
  const upload = useMutation({
    mutationFn: (file: File) => uploadStatement(file),
    onSuccess: (answer) => {
      setStatement({ ...answer, bic })
      setStage('completed')
    },
  })

  function close() {
    setStage('choice')
    upload.reset()
    onClose()
  }

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0]
    upload.reset()
    if (!file) {
      setStatement(null)
      setProblem(null)
      return
    }
    const found = await statementProblem(file)
    setProblem(found)
    if (found === null) upload.mutate(file)
    else event.target.value = ''
  }

  const error = problem
    ? i18n._(STATEMENT_PROBLEMS[problem])
    : upload.error
      ? brokerFailure(i18n, upload.error)
      : null
  return (
    <Modal open={open} onClose={close} title={t`Выписка со счёта`}>
      {stage === 'choice' ? (
        <div className={checkout.main} data-testid="statement-choice">
          <p className={checkout.muted}>
            {t`Некоторые банки решают только по выписке со счёта за последние 6 месяцев. Скачайте её в приложении своего банка в PDF, до 2 МБ.`}
          </p>
          <label className={checkout.field}>
            <span className={checkout.label}>{t`Банк, выдавший выписку`}</span>
            <select
              className={`${checkout.select} ${styles.bankSelect}`}
              value={bic}
              onChange={(event) => setBic(event.target.value)}
              data-testid="statement-bank"
            >
              {banks.map((bank) => (
                <option key={bank.bic} value={bank.bic}>
                  {bank.title}
                </option>
              ))}
            </select>
          </label>
          <label className={styles.file}>
            <span>{upload.isPending ? t`Загружаем…` : t`Выберите файл PDF`}</span>
            <input
              type="file"
              accept="application/pdf,.pdf"
              disabled={upload.isPending}
              onChange={(event) => void choose(event)}
              data-testid="statement-file"
            />
          </label>
          {error ? (
            <p className={checkout.error} role="alert" data-testid="statement-error">
              {error}
            </p>
          ) : null}
          <div className={checkout.actions}>
            <Button variant="ghost" onClick={() => onDone(null)} data-testid="statement-skip">
              {t`Продолжить без выписки`}
            </Button>
          </div>
        </div>
      ) : (
        <div className={checkout.main} data-testid="statement-completed">
          <p role="status">{t`Выписка загружена`}</p>
          {statement ? (
            <p className={checkout.muted} data-testid="statement-name">
              {statement.filename} · {sizeText(i18n, statementSizeLabel(statement.size))}
            </p>
          ) : null}
          <div className={checkout.actions}>
            <Button onClick={() => onDone(statement)} data-testid="statement-continue">
              {t`Отправить заявку`}
            </Button>
            <Button variant="ghost" onClick={() => setStage('choice')}>
              {t`Выбрать другой файл`}
            </Button>
          </div>
        </div>
      )}
    </Modal>
  )
}
