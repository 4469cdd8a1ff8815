import type en from './en.ts';

const ru: typeof en = {
  title: 'Связаться с нами',
  intro:
    'Вопросы о встречах, токенах, платежах или аккаунте? Напишите нам — мы ответим по электронной почте.',
  'form.title': 'Отправить сообщение',
  'form.name': 'Ваше имя',
  'form.email': 'E-mail',
  'form.message': 'Сообщение',
  'form.messageHelp':
    'От {min} до {max} символов. Если вопрос о платеже, расскажите, что и когда вы делали.',
  'form.counter': '{count} / {max}',
  'form.submit': 'Отправить',
  'form.sending': 'Отправляем…',
  'form.success': 'Спасибо! Сообщение отправлено. Мы ответим на {email}.',
  'form.another': 'Написать ещё',
  'form.error': 'Не удалось отправить сообщение: {message}',
  'form.errorUnknown':
    'Не удалось отправить сообщение. Попробуйте ещё раз или напишите нам на почту.',
  'contact.title': 'Другие способы связи',
  'contact.email': 'Пишите на',
  'contact.faq': 'Ответы на многие вопросы уже есть в FAQ.',
  'contact.faqLink': 'Читать FAQ',
};

export default ru;
