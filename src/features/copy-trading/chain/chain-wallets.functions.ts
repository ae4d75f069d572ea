/** The on-chain smart-money wallets, asked of the exchange on the server: the list, one wallet, and copying one (with the session). */
import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod'
import { chainFollowRequestSchema, chainWalletDetailResponseSchema, chainWalletPageResponseSchema, chainWalletPathSchema, copyFollowResponseSchema } from '../../../contract/index.ts'
import { loadEnvelope, sendEnvelope } from '../copy-api.server.ts'
import { WALLET_SORTS, walletPath } from './wallet-address.ts'
import { MAX_PAGE } from '../my-copies/paging.ts'

export const WALLET_PAGE_SIZE = 20

export const listChainWallets = createServerFn({ method: 'GET' })
  .validator(z.object({ sort: z.enum(WALLET_SORTS), page: z.number().int().min(1).max(MAX_PAGE) }))
  .handler(({ data }) => loadEnvelope(`/copy/v1/chain-wallets?sort=${data.sort}&page=${data.page}&pageSize=${WALLET_PAGE_SIZE}`, chainWalletPageResponseSchema))

export const getChainWallet = createServerFn({ method: 'GET' })
  .validator(chainWalletPathSchema)
  .handler(({ data }) => loadEnvelope(walletPath(data), chainWalletDetailResponseSchema))

export const followChainWallet = createServerFn({ method: 'POST' })
  .validator(chainWalletPathSchema.extend({ settings: chainFollowRequestSchema }))
  .handler(({ data }) => sendEnvelope('POST', `${walletPath(data)}/follow`, copyFollowResponseSchema, data.settings))
