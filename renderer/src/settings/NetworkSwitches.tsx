/**
 * One switch per network, in the sign-in's mode (PATCH /v1/networks/{network}): where customers can
 * pay. A change applies when the app restarts, and the screen says so; turning a network off is
 * confirmed in plain words first, because it takes the network away from every sale once the app
 * restarts (docs/payments.md, "Turning a network on or off").
 */
import { Trans, useTranslation } from 'react-i18next';
import { patchJson } from '../api.js';
import type { LiveSettings, Network } from '../api-types.js';
import type { Confirmation } from '../ConfirmDialog.js';

/** What runs now, in the owner's terms: on, off, or on but without the endpoint it needs (live). */
const runningWord = (n: Network): 'on' | 'off' | 'needsEndpoint' => (n.status === 'off' ? 'off' : n.status === 'not_configured' ? 'needsEndpoint' : 'on');

export function NetworkSwitches({
  networks,
  livemode,
  live,
  run,
  confirm,
}: {
  networks: readonly Network[];
  livemode: boolean;
  /** The live networks' saved endpoints (live mode only): a live network turns on once it has one. */
  live: LiveSettings | undefined;
  run: (f: () => Promise<unknown>) => void;
  confirm: (c: Confirmation) => Promise<boolean>;
}) {
  const { t } = useTranslation('settings');
  const turn = (n: Network, enabled: boolean) => run(() => patchJson(`/v1/networks/${n.network}`, { enabled }));
  return (
    <div role="region" aria-labelledby="network-switches-title">
      <h4 id="network-switches-title">{t('switches.title')}</h4>
      <p className="muted">{livemode ? t('switches.introLive') : t('switches.introTest')}</p>
      <ul className="list network-switches">
        {networks.map((n) => {
          const network = n.name;
          // Live mode: a network turns on once its endpoint is saved (the API refuses it otherwise).
          const noEndpoint = livemode && !n.enabled && live !== undefined && !live.networks.find((s) => s.network === n.network)?.rpc_url;
          return (
            <li key={n.network} className="network-switch">
              <p>
                <Trans t={t} i18nKey={`switches.${runningWord(n)}`} values={{ network }} components={{ strong: <strong /> }} />
                {n.applies_at_next_start ? <span className="badge">{n.enabled ? t('switches.onNextStart') : t('switches.offNextStart')}</span> : null}
              </p>
              {n.set_at_start !== null ? (
                <p className="muted">
                  <Trans t={t} i18nKey="switches.setAtStart" values={{ where: n.set_at_start }} components={{ code: <code /> }} />
                </p>
              ) : n.enabled ? (
                <button
                  type="button"
                  className="secondary"
                  onClick={() =>
                    void confirm({
                      title: t('switches.confirmOffTitle', { network }),
                      body: (
                        <>
                          <p>{t('switches.confirmOffBody', { network })}</p>
                          <p>{t('switches.confirmOffRestart', { network })}</p>
                        </>
                      ),
                      confirm: t('switches.turnOff', { network }),
                    }).then((yes) => yes && turn(n, false))
                  }
                >
                  {t('switches.turnOff', { network })}
                </button>
              ) : (
                <>
                  <button type="button" disabled={noEndpoint} onClick={() => turn(n, true)}>
                    {t('switches.turnOn', { network })}
                  </button>
                  {noEndpoint ? <p className="muted">{t('switches.needsEndpointFirst', { network })}</p> : null}
                </>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
