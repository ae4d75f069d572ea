import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { TermsOfUse } from '#/features/legal/index.ts'
import { PageFrame, pageHead } from '#/features/shell/index.ts'

const TITLE = msg`Terms of Use`

export const Route = createFileRoute('/{-$locale}/terms')({
  head: ({ match }) => pageHead({ match, title: TITLE, description: msg`The terms of using this sandbox exchange.` }),
  component: TermsPage,
})

function TermsPage() {
  return (
    <PageFrame title={TITLE}>
      <TermsOfUse />
    </PageFrame>
  )
}
