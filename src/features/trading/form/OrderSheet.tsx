/**
 * The order form as a bottom sheet on a phone (issue 19): Base UI's Drawer (focus kept inside, Escape and the backdrop
 * close it, swipe down to dismiss). Opened by the buy and sell buttons at the bottom of the terminal.
 */
import { Drawer } from '@base-ui/react/drawer'
import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'

export default function OrderSheet({ onClose, children }: { onClose: () => void; children: ReactNode }) {
  const { t } = useLingui()
  return (
    <Drawer.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <Drawer.Portal>
        <Drawer.Backdrop className="fixed inset-0 z-40 bg-black/40" />
        <Drawer.Viewport className="fixed inset-0 z-50 flex items-end">
          <Drawer.Popup
            className="max-h-[90dvh] w-full overflow-y-auto rounded-t-2xl bg-card pb-[env(safe-area-inset-bottom)] shadow-xl"
            data-testid="order-sheet"
          >
            <Drawer.Content>
              <div className="flex items-center justify-between px-3 pt-3">
                <Drawer.Title className="text-base font-semibold">
                  <Trans>Place an order</Trans>
                </Drawer.Title>
                <Drawer.Close className="rounded-lg px-2 py-1 text-sm text-muted" aria-label={t`Close`}>
                  ✕
                </Drawer.Close>
              </div>
              {children}
            </Drawer.Content>
          </Drawer.Popup>
        </Drawer.Viewport>
      </Drawer.Portal>
    </Drawer.Root>
  )
}
