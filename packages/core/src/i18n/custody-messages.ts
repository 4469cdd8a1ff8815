// Messages of the withdrawal custody rules (issue 45): the address book and the pauses after
// risky changes. `{until}` and `{usableFrom}` are UTC times the server writes ("29 Nov, 10:12 UTC").

export const custodyMessagesEn = {
  'wallet.held.password-change': 'Withdrawals are paused until {until} after your password change',
  'wallet.held.factor-reset':
    'Withdrawals are paused until {until} after your second factor was reset',
  'wallet.held.email-recovery':
    'Withdrawals are paused until {until} after your password was recovered by e-mail',
  'wallet.held.new-device':
    'Withdrawals are paused until {until} after a sign-in from a new device',
  'wallet.held.not-me':
    'Withdrawals are frozen because you reported a sign-in that was not you: recover your password by e-mail to lift it',
  'wallet.address-on-hold': 'This saved address can receive funds from {usableFrom}',
  'wallet.address-not-saved':
    'Withdrawals may go only to your saved addresses: save this address first, or turn the switch off',
  'wallet.address-already-saved': 'This address is already in your address book',
  'wallet.address-book-full': 'You can save at most {count} addresses',
} as const;

export const custodyMessagesRu = {
  'wallet.held.password-change': 'Вывод приостановлен до {until} после смены пароля',
  'wallet.held.factor-reset': 'Вывод приостановлен до {until} после сброса второго фактора',
  'wallet.held.email-recovery':
    'Вывод приостановлен до {until} после восстановления пароля по e-mail',
  'wallet.held.new-device': 'Вывод приостановлен до {until} после входа с нового устройства',
  'wallet.held.not-me':
    'Вывод заморожен: вы сообщили о чужом входе в аккаунт. Восстановите пароль по e-mail, чтобы снять заморозку',
  'wallet.address-on-hold': 'Этот сохранённый адрес сможет получать средства с {usableFrom}',
  'wallet.address-not-saved':
    'Вывод разрешён только на сохранённые адреса: сохраните этот адрес или выключите переключатель',
  'wallet.address-already-saved': 'Этот адрес уже есть в вашей адресной книге',
  'wallet.address-book-full': 'Можно сохранить не больше {count} адресов',
} as const satisfies Record<keyof typeof custodyMessagesEn, string>;
