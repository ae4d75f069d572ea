import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PrivacyPolicy } from '#/features/legal/index.ts'
import { PageFrame, pageHead } from '#/features/shell/index.ts'

const TITLE = msg`Privacy Policy`

export const Route = createFileRoute('/{-$locale}/privacy')({
  head: ({ match }) =>
    pageHead({ match, title: TITLE, description: msg`What this sandbox exchange keeps about you, and why.` }),
  component: PrivacyPage,
})

function PrivacyPage() {
  return (
    <PageFrame title={TITLE}>
      <PrivacyPolicy />
    </PageFrame>
  )
}
