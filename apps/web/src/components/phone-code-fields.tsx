import Input, { type InputProps } from 'antd-mobile/es/components/input';
import type { ReactNode } from 'react';
import { SmsCodeButton } from './sms-code-button.tsx';

export interface PhoneCode {
  mobile: string;
  code: string;
}

interface PhoneCodeFieldsProps {
  /** Prefix of the two inputs' ids: `<id>-mobile`, `<id>-code`. */
  id: string;
  value: PhoneCode;
  /** A state setter: takes an update of the previous value. */
  onChange: (update: (prev: PhoneCode) => PhoneCode) => void;
  /** Sends the SMS code to `value.mobile` (SmsCodeButton's `onSend`). */
  onSend: (mobile: string) => Promise<{ resendAfter?: number }>;
  /** The form's own row, label and (optional) input classes: each form keeps its look. */
  classNames: Readonly<Partial<Record<'field' | 'label' | 'input', string>>>;
  mobileLabel?: string;
  codePlaceholder: string;
  /** Sign-in lets the browser offer its saved number; binding a new one does not. */
  mobileAutoComplete?: string;
  onEnterPress?: () => void;
}

/**
 * The mobile number and SMS code rows of the sign-in and bind-phone forms: digits only, the code
 * button in the code row. The form around them (submit, agreement) stays the page's.
 */
export function PhoneCodeFields({ id, value, onChange, onSend, classNames, mobileLabel = '手机号', codePlaceholder, mobileAutoComplete, onEnterPress }: PhoneCodeFieldsProps) {
  const field = (key: keyof PhoneCode, label: string, input: InputProps, extra?: ReactNode) => (
    <label className={classNames.field} htmlFor={`${id}-${key}`}>
      <span className={classNames.label}>{label}</span>
      <Input
        id={`${id}-${key}`}
        className={classNames.input}
        inputMode="numeric"
        value={value[key]}
        onChange={(v) => onChange((prev) => ({ ...prev, [key]: v.replace(/\D/g, '') }))}
        {...input}
      />
      {extra}
    </label>
  );
  return (
    <>
      {field('mobile', mobileLabel, { type: 'tel', autoComplete: mobileAutoComplete, maxLength: 11, placeholder: '请输入手机号', clearable: true })}
      {field(
        'code',
        '验证码',
        { autoComplete: 'one-time-code', maxLength: 6, placeholder: codePlaceholder, onEnterPress },
        <SmsCodeButton mobile={value.mobile} onSend={onSend} />,
      )}
    </>
  );
}
