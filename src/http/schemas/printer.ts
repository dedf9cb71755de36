import { Type } from '@sinclair/typebox';
import { DateTime, Nullable } from './common.js';

export const PrinterSettingsOut = Type.Object({
  object: Type.Literal('printer_settings'),
  url: Nullable(Type.String({ description: 'The network receipt printer, `tcp://host:port` (raw port 9100); null: printing is off.' })),
  print_on_paid: Type.Boolean({ description: 'Each sale\'s receipt is printed once when it is paid (SUCCEEDED).' }),
});

/** `null` turns printing off. */
export const PrinterSettingsBody = Type.Union([
  Type.Object(
    {
      url: Type.String({
        minLength: 1,
        maxLength: 300,
        description:
          '`tcp://host:port`, a printer on the shop\'s network (the port 1–65535, 9100 when left out). A public internet address, or a name that resolves to one, is refused (docs/api.md, "Printing"); 400 `parameter_invalid` with `param` `url` otherwise.',
      }),
      print_on_paid: Type.Optional(Type.Boolean({ default: false, description: 'Print each sale\'s receipt when it is paid. Default false: only the till\'s Print button prints.' })),
    },
    { additionalProperties: false },
  ),
  Type.Null(),
], { description: 'The printer, or `null` to turn printing off.' });

export const ReceiptPrintOut = Type.Object({
  object: Type.Literal('receipt_print'),
  session_id: Type.String(),
  livemode: Type.Boolean(),
  status: Type.String({
    enum: ['none', 'printing', 'printed', 'failed'],
    description:
      '`none`: never sent to the printer; `printing`: being sent; `printed`: the printer took the whole receipt; `failed`: not printed, `error` says why (also a print cut short: the app stopped while sending it).',
  }),
  trigger: Nullable(Type.String({ enum: ['paid', 'request'], description: '`paid`: the automatic print when the sale was paid; `request`: the till\'s Print button or this API.' })),
  attempted_at: Nullable(DateTime),
  error: Nullable(Type.String({ description: 'Why the receipt did not print, in plain words (`failed` only).' })),
  printer_set_up: Type.Boolean({ description: 'A network printer is set up (Settings): the till offers Print.' }),
  print_on_paid: Type.Boolean({ description: 'Receipts print by themselves when a sale is paid.' }),
});
