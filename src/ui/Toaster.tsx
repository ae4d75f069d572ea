import { Toaster as SonnerToaster } from 'sonner'

/** Toasts for action feedback (sonner), following the page's direction and theme. */
export function Toaster({ dir, theme }: { dir: 'ltr' | 'rtl'; theme: 'light' | 'dark' }) {
  return <SonnerToaster dir={dir} theme={theme} position="top-center" richColors closeButton duration={4000} />
}
