import { createFileRoute, notFound } from '@tanstack/react-router'

/**
 * The framework baseline for `npm run bench:ssr` and `bench:bundle`: the root document and nothing
 * of the app's shell. Answers only when the server runs with BENCH_BASELINE=on.
 */
export const Route = createFileRoute('/baseline')({
  beforeLoad: ({ context }) => {
    if (!context.shell.config.benchBaseline) throw notFound()
  },
  head: () => ({ meta: [{ title: 'Baseline' }, { name: 'robots', content: 'noindex' }] }),
  component: BaselinePage,
})

function BaselinePage() {
  return <p>ok</p>
}
