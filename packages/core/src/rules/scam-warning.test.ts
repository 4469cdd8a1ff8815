import { describe, expect, it } from 'vitest';
import { translate } from '../i18n/translate.ts';
import { scamFlags } from './scam-warning.ts';

const SEED_12 = 'legal winner thank year wave sausage worth useful legal winner thank yellow';

describe('scamFlags', () => {
  it.each([
    [
      'Send 100 USDT to 0x52908400098527886E0F7030069857D2E4169EE7 please',
      ['wallet-address', 'money-request'],
    ],
    ['мой кошелёк TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE, переведи туда', ['wallet-address']],
    ['btc: bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', ['wallet-address']],
    ['old one 1BoatSLRHtKNngkdXEeobR76b53LETtpyT', ['wallet-address']],
    [`to verify your wallet type: ${SEED_12}`, ['seed-phrase']],
    [`для проверки пришли фразу: ${SEED_12}`, ['seed-phrase']],
    ['lets move to Telegram, I am rarely here', ['off-platform']],
    ['напиши мне в телеграм, тут неудобно', ['off-platform']],
    ['call me +44 20 7946 0958', ['off-platform']],
    ['мой номер 8 (916) 123-45-67, пиши в ватсап', ['off-platform']],
    ['I can show you how to invest, guaranteed returns of 5% per day', ['investment']],
    ['Гарантированный доход 30% в месяц, пассивный доход без риска', ['investment']],
    ['Please send me 200 USDT, I will return it tomorrow', ['money-request']],
    ['can you lend me $300 until Friday?', ['money-request']],
    ['my card got blocked, could you send me some money?', ['money-request']],
    ['buy me two Apple gift cards and send me the codes', ['money-request']],
    ['you need to pay the fee of 50 to unlock your prize', ['money-request']],
    ['переведи 5000 на карту, завтра верну', ['money-request']],
    ['скинь мне 300 рублей на телефон', ['money-request']],
    ['одолжи денег до зарплаты', ['money-request']],
    ['купи подарочные карты и пришли коды', ['money-request']],
    ['чтобы вывести выигрыш, оплатите комиссию за разблокировку', ['money-request']],
  ])('flags %j', (text, expected) => {
    expect(scamFlags(text)).toEqual(expected);
  });

  it.each([
    'Hi! Want to grab a coffee near the park at 5?',
    'Привет! Давай встретимся у метро в 18:00?',
    'I have a little time today after work, maybe we can walk around the old town',
    'Я работаю в банке, а ты чем занимаешься?',
    'My flat is number 12, floor 3',
    "I'll pay for the coffee, it was 5 dollars",
    'send me 2 photos of the park',
    'дайте 5 минут, я почти на месте',
    'Билет стоит 500 рублей, возьми с собой карту',
  ])('does not flag %j', (text) => {
    expect(scamFlags(text)).toEqual([]);
  });

  it('reports several patterns once each, in a fixed order', () => {
    expect(
      scamFlags(
        'invest with me: send to 0x52908400098527886E0F7030069857D2E4169EE7 and write on WhatsApp',
      ),
    ).toEqual(['wallet-address', 'off-platform', 'investment']);
  });

  it('explains every pattern in English and Russian', () => {
    for (const kind of [
      'wallet-address',
      'seed-phrase',
      'off-platform',
      'investment',
      'money-request',
    ]) {
      const en = translate('en', `meet.scam.${kind}`);
      const ru = translate('ru', `meet.scam.${kind}`);
      expect(en).not.toBe(`meet.scam.${kind}`);
      expect(ru).not.toBe(en);
      expect(ru).toMatch(/[а-я]/);
    }
  });
});
