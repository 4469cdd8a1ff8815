import { wordlist as english } from '@scure/bip39/wordlists/english';
import { ScamKind } from '../api/meet.ts';

// Patterns of the usual chat scams on dating and meeting apps: a wallet to pay into, a seed
// phrase "for verification", a move to a messenger where moderation cannot see, and promises
// of returns. A hit is a warning shown to the recipient, never a block: people do share phone
// numbers with someone they have met.

const BIP39 = new Set(english);
/** Shorter runs of dictionary words are ordinary English ("I have a little time ..."). */
const SEED_MIN_WORDS = 12;

const WALLET_PATTERNS: readonly RegExp[] = [
  /\b0x[0-9a-f]{40}\b/i, // EVM (BSC, Ethereum)
  /\bT[1-9A-HJ-NP-Za-km-z]{33}\b/, // TRON
  /\b[13][1-9A-HJ-NP-Za-km-z]{25,34}\b/, // BTC legacy and P2SH
  /\bbc1[ac-hj-np-z02-9]{11,71}\b/i, // BTC bech32
];

const OFF_PLATFORM_PATTERNS: readonly RegExp[] = [
  /telegram|телеграм|телега|\bt\.me\/|\btg\b|\bтг\b/i,
  /whats\s?app|ватс\s?ап|вотс\s?ап|вацап|вотсап|\bwa\.me\//i,
  /viber|вайбер|signal|сигнал[еу]?\b/i,
];
/** Ten or more digits in one run of digits, spaces, dots, dashes or brackets: a phone number. */
const PHONE_RUN = /(?<![\w+])\+?\d[\d\s().-]{8,}\d(?!\w)/g;

const INVESTMENT_PATTERNS: readonly RegExp[] = [
  /\binvest/i,
  /guarantee\w*\s+(?:\w+\s+){0,2}(?:return|profit|income|payout)/i,
  /passive\s+income|double\s+your\s+(?:money|crypto|deposit)|\bforex\b|\bROI\b|crypto\s+trading|trading\s+signals?/i,
  /\d+\s?%\s*(?:a|per|every)\s+(?:day|week|month)/i,
  /инвест/i,
  /гарантир\p{L}*\s+(?:\p{L}+\s+){0,2}(?:доход|прибыл|выплат)/iu,
  /пассивн\p{L}*\s+доход|удво\p{L}*|форекс|трейдинг|заработ\p{L}*\s+на\s+крипт/iu,
  /\d+\s?%\s*(?:в|за)\s+(?:день|сутки|неделю|месяц)/i,
];

/** An amount with a currency: "200 USDT", "$50", "5000 руб", "5 тыс", "100k". */
const AMOUNT = String.raw`(?:[$€£₽]\s?\d[\d\s.,]*|\d[\d\s.,]*\s?(?:k\b|тыс\p{L}*|usdt|usdc|usd|\$|€|£|₽|dollars?|bucks|euros?|eur|btc|eth|bnb|руб\p{L}*|р\.|долл\p{L}*|бакс\p{L}*|евро))`;
const SEND_EN = String.raw`\b(?:send|transfer|wire|lend|loan|give|top\s?up|pay\s+(?:me|us))\b`;
const SEND_RU = String.raw`(?<!\p{L})(?:переведи|переведите|перевед[её]шь|скинь|скиньте|скинешь|закинь|закиньте|кинь|киньте|отправь|отправьте|пришли|пришлите|займи|займите|одолжи|одолжите|дай|дайте)`;

/**
 * Asking for money: the way most romance scams end (issue 39). A request, not a mention: a
 * verb of sending with an amount in a currency or "money", a card to pay onto, gift cards, or a
 * fee that "unlocks" something. "I'll pay for the coffee" is not one.
 */
const MONEY_REQUEST_PATTERNS: readonly RegExp[] = [
  new RegExp(String.raw`${SEND_EN}\s+(?:me\s+|us\s+)?(?:just\s+|only\s+)?${AMOUNT}`, 'iu'),
  /\b(?:send|lend|loan|give|transfer|wire)\s+me\s+(?:some\s+)?(?:money|cash|crypto|funds)\b/i,
  /\b(?:need|borrow)\s+(?:some\s+)?(?:money|cash)\b.{0,40}\b(?:from\s+you|you\s+(?:send|lend|help))/i,
  new RegExp(
    String.raw`${SEND_RU}\s+(?:мне\s+|нам\s+)?(?:пожалуйста\s+)?(?:${AMOUNT}|денег|деньги|денежк\p{L}*|на\s+карту)`,
    'iu',
  ),
  /\d[\d\s]*\s*(?:₽|руб\p{L}*|р\.|тыс\p{L}*)?\s*на\s+(?:мою\s+)?(?:карту|сбер\p{L}*|тинькофф|киви|qiwi|номер\s+карты)/iu,
  /\bgift\s?cards?\b|\b(?:itunes|apple|google\s+play|steam|amazon)\s+(?:gift\s+)?cards?\b|подарочн\p{L}*\s+карт\p{L}*/iu,
  /\b(?:pay|send|transfer)\b.{0,40}\b(?:fee|tax|commission|deposit)\b.{0,40}\b(?:unlock|release|withdraw|receive|activate|access)/i,
  /(?:оплат|заплат|перевед|внес|внест)\p{L}*.{0,40}(?:комисси|налог|сбор|депозит|взнос)\p{L}*.{0,40}(?:разблок|вывод|вывест|получ|активир|доступ)/iu,
];

function hasSeedPhrase(text: string): boolean {
  let run = 0;
  for (const word of text.toLowerCase().split(/[^a-z]+/)) {
    if (word === '') continue;
    run = BIP39.has(word) ? run + 1 : 0;
    if (run >= SEED_MIN_WORDS) return true;
  }
  return false;
}

function hasPhoneNumber(text: string): boolean {
  for (const match of text.matchAll(PHONE_RUN)) {
    if (match[0].replace(/\D/g, '').length >= 10) return true;
  }
  return false;
}

/**
 * The scam patterns a chat message carries, in a fixed order, each at most once. The client
 * explains each with the catalogue entry `meet.scam.<kind>`.
 */
export function scamFlags(text: string): ScamKind[] {
  const flags: ScamKind[] = [];
  if (WALLET_PATTERNS.some((pattern) => pattern.test(text))) flags.push(ScamKind.WALLET_ADDRESS);
  if (hasSeedPhrase(text)) flags.push(ScamKind.SEED_PHRASE);
  if (OFF_PLATFORM_PATTERNS.some((pattern) => pattern.test(text)) || hasPhoneNumber(text)) {
    flags.push(ScamKind.OFF_PLATFORM);
  }
  if (INVESTMENT_PATTERNS.some((pattern) => pattern.test(text))) flags.push(ScamKind.INVESTMENT);
  if (MONEY_REQUEST_PATTERNS.some((pattern) => pattern.test(text))) {
    flags.push(ScamKind.MONEY_REQUEST);
  }
  return flags;
}
