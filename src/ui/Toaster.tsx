import { useEffect } from 'react'
import { Toaster as SonnerToaster, toast } from 'sonner'
import { connectToaster } from './toast.ts'

/** Toasts for action feedback (sonner), following the page's direction and theme. Loaded on demand. */
export default function Toaster({ dir, theme }: { dir: 'ltr' | 'rtl'; theme: 'light' | 'dark' }) {
  useEffect(
    () => connectToaster((kind, message) => (kind === 'error' ? toast.error(message) : toast.success(message))),
    [],
  )
  return <SonnerToaster dir={dir} theme={theme} position="top-center" richColors closeButton duration={4000} />
}
