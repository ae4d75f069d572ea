/**
 * The simulated lead traders: who they are (nickname, bio, avatar, region), what they trade
 * (spot or futures, pairs, leverage, strategy) and their copy terms. Hard-coded, so every seed of the
 * exchange gets the same cast. On-chain "smart money" wallets live in chain-wallets.ts.
 */
export { CHAIN_WALLETS, type ChainWalletProfile } from './chain-wallets.ts'

export type StrategyName = 'trend' | 'mean-reversion' | 'scalper' | 'swing' | 'grid' | 'gambler' | 'breakout' | 'dca'

/** Tag keys the UI translates. */
export const LEADER_TAGS = [
  'steady',
  'low-drawdown',
  'high-frequency',
  'swing',
  'scalping',
  'trend',
  'grid',
  'high-leverage',
  'btc-focus',
  'altcoins',
  'long-term',
  'newcomer',
  'conservative',
  'aggressive',
] as const
export type LeaderTag = (typeof LEADER_TAGS)[number]

export interface LeaderProfile {
  /** Stable, unique, lower-case: names the bot's account and its avatar file. */
  slug: string
  nickname: string
  /** '/avatars/<slug>.svg', or null for the default avatar. */
  avatar: string | null
  /** In the trader's own voice, at most 200 characters. */
  bio: string
  tags: LeaderTag[]
  /** ISO 3166-1 alpha-2. */
  region: string
  biz: 'spot' | 'futures'
  strategy: StrategyName
  /** Pair codes from INSTRUMENTS. */
  pairs: string[]
  /** Typical leverage; always 1 on spot. */
  leverage: number
  /** Share of followers' profit, '0' to '0.3'. */
  profitShareRate: string
  maxFollowers: number
  minCopyAmount: string
  /** Starting USDT. */
  capital: string
}

/** Copy terms: profit share, max followers, minimum copy amount, starting capital. */
type Terms = readonly [profitShareRate: string, maxFollowers: number, minCopyAmount: string, capital: string]

function leader(
  slug: string,
  nickname: string,
  region: string,
  strategy: StrategyName,
  coins: string,
  leverage: number,
  terms: Terms,
  tags: LeaderTag[],
  hasAvatar: boolean,
  bio: string,
): LeaderProfile {
  const [profitShareRate, maxFollowers, minCopyAmount, capital] = terms
  return {
    slug,
    nickname,
    avatar: hasAvatar ? `/avatars/${slug}.svg` : null,
    bio,
    tags,
    region,
    biz: leverage > 1 ? 'futures' : 'spot',
    strategy,
    pairs: coins.split(' ').map((coin) => `${coin}_USDT`),
    leverage,
    profitShareRate,
    maxFollowers,
    minCopyAmount,
    capital,
  }
}

/** Leverage 1 marks a spot leader; every futures leader uses at least 2×. */
const SPOT = 1

export const LEADERS: readonly LeaderProfile[] = [
  // Futures
  leader('atlas-trend', 'AtlasTrend', 'US', 'trend', 'BTC ETH', 5, ['0.1', 500, '50', '120000'], ['trend', 'btc-focus', 'steady'], true,
    'I follow the trend and cut losers fast. No predictions, just moving averages and discipline.'),
  leader('longhu-quant', '龙虎量化', 'CN', 'trend', 'BTC ETH SOL', 8, ['0.12', 800, '100', '200000'], ['trend', 'aggressive'], true,
    '量化趋势跟踪，严格止损。顺势而为，不猜顶底。'),
  leader('volk-street', 'ВолкСтрит', 'RU', 'breakout', 'BTC SOL', 10, ['0.15', 300, '50', '60000'], ['aggressive', 'trend'], true,
    'Торгую пробои уровней. Вход по импульсу, выход по стопу — без эмоций.'),
  leader('saqr-crypto', 'صقر_الكريبتو', 'AE', 'swing', 'ETH BNB', 4, ['0.1', 400, '100', '90000'], ['swing', 'conservative'], false,
    'Patient swing trader from Dubai. I scale out into strength and never risk more than I can sit through.'),
  leader('boga-avcisi', 'BoğaAvcısı', 'TR', 'gambler', 'BTC ETH', 100, ['0.3', 200, '10', '8000'], ['high-leverage', 'aggressive'], true,
    'Yüksek kaldıraç, yüksek risk. Kaybetmeyi göze alamıyorsan beni kopyalama.'),
  leader('thang-futures', 'ThắngFutures', 'VN', 'scalper', 'BTC ETH', 15, ['0.2', 600, '20', '25000'], ['scalping', 'high-frequency'], false,
    'Scalp nhanh, chốt lời nhỏ, cắt lỗ sớm. Mỗi ngày vài chục lệnh.'),
  leader('coin-gaemi', '코인개미', 'KR', 'scalper', 'SOL XRP DOGE', 12, ['0.15', 500, '20', '15000'], ['scalping', 'altcoins', 'high-frequency'], true,
    '작은 수익을 자주. 단타 위주로 알트코인을 매매합니다.'),
  leader('satoshi-deshi', 'サトシの弟子', 'JP', 'mean-reversion', 'BTC', 3, ['0.08', 300, '50', '75000'], ['btc-focus', 'conservative', 'low-drawdown'], true,
    '行き過ぎた値動きを逆張りで狙います。ビットコイン専門。'),
  leader('tubarao-cripto', 'TubarãoCripto', 'BR', 'breakout', 'ETH SOL AVAX', 10, ['0.12', 400, '50', '45000'], ['altcoins', 'aggressive'], false,
    'Opero rompimentos com stop curto. Quando o mercado anda, eu ando junto.'),
  leader('el-toro-loco', 'ElToroLoco', 'ES', 'gambler', 'SOL DOGE', 50, ['0.25', 150, '10', '6000'], ['high-leverage', 'aggressive', 'altcoins'], true,
    'Todo o nada. Apalancamiento máximo y nervios de acero.'),
  leader('renard-dore', 'LeRenardDoré', 'FR', 'mean-reversion', 'ETH LINK', 5, ['0.1', 250, '100', '50000'], ['conservative', 'low-drawdown'], false,
    "J'achète la peur et je vends l'euphorie, avec des stops toujours en place."),
  leader('delta-dan', 'DeltaDan', 'GB', 'grid', 'BTC ETH', 3, ['0.08', 700, '100', '150000'], ['grid', 'steady', 'low-drawdown'], true,
    'Grid trading on the majors. Boring by design: small steps, small risk, lots of patience.'),
  leader('night-owl', 'NightOwlTrades', 'CA', 'scalper', 'BTC', 20, ['0.18', 400, '50', '30000'], ['scalping', 'high-frequency', 'btc-focus'], false,
    'Asia session scalper. In and out within the hour, every hour.'),
  leader('priya-momentum', 'PriyaMomentum', 'IN', 'trend', 'SOL AVAX LINK', 6, ['0.12', 500, '20', '35000'], ['trend', 'altcoins'], true,
    "Momentum in large-cap alts. I ride the move and let the moving averages tell me when it's over."),
  leader('kangaroo-cap', 'KangarooCap', 'AU', 'swing', 'BTC SOL', 5, ['0.1', 350, '100', '80000'], ['swing', 'btc-focus'], false,
    'Big jumps, long holds. I take profits in thirds and keep a runner.'),
  leader('hans-breakout', 'HansBreakout', 'DE', 'breakout', 'BTC ETH', 8, ['0.1', 450, '50', '100000'], ['trend', 'btc-focus'], true,
    'Ich handle Ausbrüche aus Seitwärtsphasen. Klare Regeln, klare Stops.'),
  leader('lucky-lin', '幸運林', 'TW', 'gambler', 'ETH', 100, ['0.2', 100, '10', '5000'], ['high-leverage', 'newcomer'], false,
    '100倍槓桿，要麼翻倍要麼歸零。請謹慎跟單。'),
  leader('ahmed-grid', 'AhmedGrid', 'EG', 'grid', 'BNB TRX', 3, ['0.05', 300, '50', '40000'], ['grid', 'steady'], true,
    'Range markets pay the bills. I place my grid and let the volatility do the work.'),
  leader('sakura-swing', 'SakuraSwing', 'JP', 'swing', 'ETH TON', 4, ['0.1', 250, '50', '55000'], ['swing', 'altcoins'], true,
    '数日〜数週間のスイングトレード。利益は分割して確定します。'),
  leader('ivan-reversal', 'Ivan_Reversal', 'UA', 'mean-reversion', 'BTC ETH', 5, ['0.12', 300, '50', '65000'], ['conservative'], false,
    'I fade overextended moves and get out near the mean. Small wins, many of them.'),
  leader('mia-trendlab', 'MiaTrendLab', 'SE', 'trend', 'ETH', 4, ['0.08', 600, '50', '110000'], ['trend', 'steady', 'low-drawdown'], false,
    'Systematic trend follower. Same rules in every market, no discretionary overrides.'),
  leader('jose-scalps', 'JoséScalps', 'AR', 'scalper', 'SOL BNB', 10, ['0.15', 200, '20', '12000'], ['scalping', 'high-frequency', 'altcoins'], true,
    'Scalping de cinco minutos. Entro con el impulso y salgo rápido, gane o pierda.'),
  leader('kim-breakout', 'KimBreakout', 'KR', 'breakout', 'XRP ADA DOT', 6, ['0.1', 300, '20', '20000'], ['altcoins', 'newcomer'], false,
    '신고가 돌파에 진입하고 채널 이탈 시 청산합니다.'),
  leader('hyperion', 'Hyperion', 'GR', 'trend', 'BTC', 10, ['0.2', 1000, '500', '250000'], ['trend', 'btc-focus', 'aggressive'], true,
    'Eight years trading BTC perpetuals. I trend-follow with size and respect my stops.'),
  leader('nguyen-grid', 'NguyenGrid', 'VN', 'grid', 'SOL AVAX', 4, ['0.1', 250, '20', '18000'], ['grid', 'altcoins'], false,
    'Lưới mua khi giảm, bán dần khi tăng. Kiên nhẫn là lợi nhuận.'),
  leader('mehmet-swing', 'MehmetSwing', 'TR', 'swing', 'BTC ETH BNB', 3, ['0.08', 400, '100', '70000'], ['swing', 'conservative', 'long-term'], false,
    'I hold for days, not minutes. Partial profits on the way up, stop below structure.'),
  leader('calm-waters', 'CalmWaters', 'NZ', 'mean-reversion', 'BTC ETH BNB', 2, ['0.05', 800, '100', '180000'], ['low-drawdown', 'conservative', 'steady'], true,
    'Low leverage, low drawdown. I only trade when price is stretched far from its average.'),
  leader('rocket-raccoon', 'RocketRaccoon', 'US', 'scalper', 'DOGE XRP', 20, ['0.25', 150, '10', '6000'], ['scalping', 'aggressive', 'high-leverage'], false,
    'Fast hands, tight stops, meme coins. Not for the faint of heart.'),
  leader('omar-breakout', 'OmarBreakout', 'SA', 'breakout', 'BTC ETH SOL', 7, ['0.15', 350, '100', '85000'], ['trend', 'aggressive'], false,
    'أتداول الاختراقات فقط. الدخول مع الزخم والخروج عند كسر القناة.'),
  leader('zhang-swing', '张波段', 'CN', 'swing', 'BTC SOL LINK', 5, ['0.12', 500, '50', '95000'], ['swing'], false,
    '波段交易，分批止盈，耐心持有几天。'),
  leader('pedro-tendencia', 'PedroTendência', 'PT', 'trend', 'TON AVAX DOT', 6, ['0.1', 200, '20', '16000'], ['trend', 'altcoins', 'newcomer'], false,
    'Sigo a tendência em altcoins. Entrada no cruzamento de médias, saída no cruzamento contrário.'),

  // Spot
  leader('hodl-hana', 'HodlHana', 'KR', 'dca', 'BTC ETH', SPOT, ['0.05', 1000, '10', '50000'], ['long-term', 'steady', 'btc-focus'], true,
    'Buy a little every day, sell a little on strength. Time in the market beats timing the market.'),
  leader('stack-sats-sam', 'StackSatsSam', 'US', 'dca', 'BTC', SPOT, ['0', 1000, '10', '20000'], ['long-term', 'btc-focus', 'conservative'], true,
    'Daily BTC stacking since 2017. Take profit at +8 %, then start again.'),
  leader('tihiy-investor', 'ТихийИнвестор', 'RU', 'dca', 'ETH TON', SPOT, ['0.05', 300, '20', '15000'], ['long-term', 'altcoins'], false,
    'Покупаю каждый день понемногу и фиксирую прибыль без спешки.'),
  leader('lucia-ahorro', 'LucíaAhorro', 'CO', 'dca', 'BTC ETH SOL', SPOT, ['0.03', 400, '10', '10000'], ['long-term', 'newcomer', 'conservative'], true,
    'Compro un poco cada día. Sin apalancamiento, sin estrés.'),
  leader('grid-zen', 'GridZen', 'SG', 'grid', 'ETH BNB', SPOT, ['0.08', 600, '50', '60000'], ['grid', 'steady', 'low-drawdown'], true,
    'Spot grid, no leverage. I buy the dips in steps and sell slices into every bounce.'),
  leader('lao-wang-grid', '网格老王', 'CN', 'grid', 'BTC TRX', SPOT, ['0.1', 500, '20', '40000'], ['grid', 'conservative'], false,
    '现货网格，只做多不加杠杆。下跌分批买，上涨分批卖。'),
  leader('farah-grid', 'FarahGrid', 'MY', 'grid', 'XRP ADA', SPOT, ['0.06', 250, '20', '12000'], ['grid', 'altcoins'], false,
    'Grid trading altcoins on spot. Sideways markets are my favourite markets.'),
  leader('alpine-swing', 'AlpineSwing', 'CH', 'swing', 'BTC ETH', SPOT, ['0.1', 400, '100', '130000'], ['swing', 'btc-focus', 'low-drawdown'], true,
    'Spot swing trades lasting days to weeks. I scale out at +5 % and +10 %.'),
  leader('chloe-swing', 'ChloéSwing', 'FR', 'swing', 'SOL LINK DOT', SPOT, ['0.08', 200, '50', '22000'], ['swing', 'altcoins'], false,
    'Swing trading sur le spot : je laisse courir les gains et je sécurise par tranches.'),
  leader('tanaka-trend', '田中トレンド', 'JP', 'trend', 'BTC SOL', SPOT, ['0.1', 350, '50', '70000'], ['trend', 'steady'], true,
    '現物のみのトレンドフォロー。上昇トレンドだけを狙い、下落局面は様子見です。'),
  leader('kwame-trend', 'KwameTrend', 'GH', 'trend', 'ETH LINK AVAX', SPOT, ['0.07', 300, '20', '25000'], ['trend', 'altcoins', 'long-term'], false,
    "Spot trend following across the big alts. I'm in cash when the averages turn down."),
  leader('ana-rompimento', 'AnaRompimento', 'BR', 'breakout', 'SOL AVAX TON', SPOT, ['0.1', 250, '20', '14000'], ['altcoins', 'trend'], true,
    'Compro rompimentos de máximas no spot e saio quando o canal quebra.'),
  leader('dip-buyer-dana', 'DipBuyerDana', 'IE', 'mean-reversion', 'BTC ETH', SPOT, ['0.06', 500, '50', '45000'], ['conservative', 'low-drawdown'], false,
    'I buy sharp dips on spot and sell back near the average. Patience over prediction.'),
  leader('quiet-ali', 'QuietAli', 'PK', 'mean-reversion', 'BNB XRP', SPOT, ['0.05', 200, '20', '9000'], ['conservative', 'newcomer'], false,
    'New here. Buying oversold dips on spot, small size, learning every day.'),
  leader('minh-scalp', 'MinhScalp', 'VN', 'scalper', 'BTC ETH', SPOT, ['0.12', 300, '20', '18000'], ['scalping', 'high-frequency'], true,
    'Scalp spot, không đòn bẩy. Vào nhanh, ra nhanh, lãi nhỏ nhưng đều.'),
]
