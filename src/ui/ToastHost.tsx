import { lazy, Suspense } from 'react'
import { useToasterRequested } from './toast.ts'

const Toaster = lazy(() => import('./Toaster.tsx'))

/** Mounts the toaster the first time something asks for a toast. */
export function ToastHost({ dir, theme }: { dir: 'ltr' | 'rtl'; theme: 'light' | 'dark' }) {
  const requested = useToasterRequested()
  if (!requested) return null
  return (
    <Suspense fallback={null}>
      <Toaster dir={dir} theme={theme} />
    </Suspense>
  )
}
