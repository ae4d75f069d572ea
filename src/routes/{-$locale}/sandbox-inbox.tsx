import { msg } from '@lingui/core/macro'
import { createFileRoute, notFound } from '@tanstack/react-router'
import { z } from 'zod/mini'
import { AuthFrame, SandboxInbox, sandboxInboxQueries } from '#/features/auth/index.ts'
import { pageHead } from '#/features/shell/index.ts'

const TITLE = msg`Sandbox inbox`

export const Route = createFileRoute('/{-$locale}/sandbox-inbox')({
  staticData: { layout: 'empty', notReturning: true },
  validateSearch: z.object({ address: z.optional(z.catch(z.optional(z.string().check(z.maxLength(254))), undefined)) }),
  loaderDeps: ({ search }) => ({ address: search.address }),
  beforeLoad: ({ context }) => {
    // Only a sandbox keeps codes; a real deployment mails them.
    if (!context.shell.config.sandbox.codeInbox) throw notFound()
  },
  loader: async ({ context, deps }) => {
    if (deps.address) await context.queryClient.ensureQueryData(sandboxInboxQueries.address(deps.address))
  },
  head: ({ match }) =>
    pageHead({ match, title: TITLE, description: msg`Verification codes a sandbox keeps.`, noindex: true }),
  component: SandboxInboxPage,
})

function SandboxInboxPage() {
  const { address } = Route.useSearch()
  return (
    <AuthFrame title={TITLE}>
      <SandboxInbox address={address} />
    </AuthFrame>
  )
}
