/**
 * The names of the simulated traders' strategies. Its own module because the leader roster, the
 * on-chain wallets the roster lists beside its leaders, and the strategies themselves all name them.
 */
export type StrategyName = 'trend' | 'mean-reversion' | 'scalper' | 'swing' | 'grid' | 'gambler' | 'breakout' | 'dca'
