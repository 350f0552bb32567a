/** Billing, and the landing page's demo request form. English as the server writes it (see ../server-sentences.ts). */
export const BILLING_SENTENCES = {
  onlyManagersBuy: "Only your team's owner or an admin can buy a plan or see its invoices. Ask your team's owner to upgrade.",
  currencyRefused: 'currency: {{currency}} is not accepted here; choose one of {{currencies}}.',
  currencyNoRate: 'currency: {{currency}} has no exchange rate set (PAYMENT_RATE_{{code}}_USD); choose one of {{currencies}}.',
  tooManyInvoicesWaiting: 'Too many invoices are waiting to be paid in this currency right now. Try again in a few minutes or choose another currency.',
  noPaymentsYet:
    'This Genie does not take payments yet: its operator has set no wallet address or payment processor. Contact the operator to upgrade.',
  processorFailed: 'The payment processor (BTCPay Server) could not create the invoice: {{why}}. Try again in a minute.',
  invoiceExpired: 'This invoice expired before it was paid and cannot be paid now. Create a new invoice.',
  invoiceInvalid: 'This invoice was marked invalid by the payment processor and cannot be paid. Create a new invoice.',
  invoiceRefunded: 'This invoice was refunded and cannot be paid again. Create a new invoice.',
  mustBeOneOf: 'must be one of {{values}}',
  mustBeInvoiceId: 'must be an invoice id',

  // Landing page: the demo request form
  useCaseUnknown: 'Choose one of the six use cases',
  nameRequired: 'Name is required',
  nameTooLong: 'Name is too long',
} as const;
