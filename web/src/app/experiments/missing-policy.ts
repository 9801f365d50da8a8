// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { Apn6Policy } from '../features/apn6/apn6-models';
import { ClassFormValue } from './experiment-form-model';

/** How the experiments' network check says a class names a policy that does not exist. */
const NO_POLICY = /^no APN6 policy (\S+)$/;

/**
 * The policy a refusal "no APN6 policy X" can be fixed with, for a class whose probes it must mark: X
 * matching UDP to the class's destination port at every edge (no ingress ports), with the option and
 * priority the bmv2 lab's system test gives the APN6 preset's policy. Null when the refusal is another
 * or the class has no destination port to match. The dashboard offers it; REST stays explicit.
 */
export function missingPolicy(refusal: string | null, cls: ClassFormValue): Apn6Policy | null {
  const id = refusal ? NO_POLICY.exec(refusal.trim())?.[1] : undefined;
  const port = Number(cls.destinationPort);
  if (!id || id !== cls.policy.trim() || !Number.isInteger(port) || port < 0 || port > 65535 || !cls.destinationPort.trim()) {
    return null;
  }
  return {
    id, name: `${id} (for the experiment's ${cls.name} probes)`, priority: 100,
    match: { nextHeader: 17, destinationPorts: { low: port, high: port } },
    option: { slaLevel: 2, appId: 42, userId: 7, flowId: 1 }, stripAtEgress: true,
  };
}
