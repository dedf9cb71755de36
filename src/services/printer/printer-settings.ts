import { invalidParam } from '../../domain/errors.js';
import { type PrinterAddress, type PrinterSetting, parsePrinterUrl } from '../../domain/printer.js';
import type { SettingsStore } from '../network-settings.js';
import type { Clock, UnitOfWork } from '../ports.js';

/** The app setting holding the printer (`app_settings`, JSON); absent or null: printing is off. */
const KEY = 'printer';

/**
 * The shop's network receipt printer, one for the shop (both modes print on it: a test sale's receipt
 * is how the owner tries the printer). Read afresh on every print, so a change made on one instance
 * applies on all of them at the next sale; the automatic printing, which keeps whether it is on in
 * memory, is told through `onChanged` (a change signal to every instance).
 */
export class PrinterSettings {
  constructor(
    private readonly d: {
      store: SettingsStore;
      now: Clock;
      tx?: UnitOfWork;
      /**
       * Printing on paid is turned on (it was off, or there was no printer): the automatic printing
       * starts from now (print-on-paid.ts `startFromNow`), in the same unit of work as the setting, so
       * the sales paid while it was off are never printed all at once later.
       */
      printOnPaidTurnedOn?: () => Promise<void>;
      /** After a change is saved: every instance's automatic printing reads the setting again. */
      onChanged?: () => void;
    },
  ) {}

  async get(): Promise<PrinterSetting | null> {
    const v = (await this.d.store.get(KEY)) as PrinterSetting | null | undefined;
    return v ?? null;
  }

  /** The saved printer's address, or null when printing is off. */
  async address(): Promise<PrinterAddress | null> {
    const setting = await this.get();
    if (!setting) return null;
    const parsed = parsePrinterUrl(setting.url);
    return 'address' in parsed ? parsed.address : null;
  }

  /**
   * Saves the printer (null turns printing off).
   * @throws ApiError parameter_invalid (url)
   */
  async set(input: { url: string; printOnPaid: boolean } | null): Promise<PrinterSetting | null> {
    if (input === null) {
      await this.d.store.put(KEY, null, this.d.now());
      this.d.onChanged?.();
      return null;
    }
    const parsed = parsePrinterUrl(input.url);
    if ('problem' in parsed) throw invalidParam('url', parsed.problem);
    const setting: PrinterSetting = { url: parsed.url, printOnPaid: input.printOnPaid };
    const save = async () => {
      const before = await this.get();
      await this.d.store.put(KEY, setting, this.d.now());
      if (setting.printOnPaid && !before?.printOnPaid) await this.d.printOnPaidTurnedOn?.();
    };
    await (this.d.tx ? this.d.tx(save) : save());
    this.d.onChanged?.();
    return setting;
  }
}
