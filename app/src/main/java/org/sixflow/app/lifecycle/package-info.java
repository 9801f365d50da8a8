// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
/**
 * The one lifecycle of the objects Sixflow installs for users (APN6 policies, GTP-U tunnels,
 * NPTv6 mappings, ILNP sites): a store of desired objects, each with its status, shared by the
 * cluster ({@link org.sixflow.app.lifecycle.OwnedMap}); one owner instance per object, by work
 * partition ({@link org.sixflow.app.lifecycle.Owners}); admission against the room in the
 * devices' tables; installs in rounds, new entries before the removal of old ones
 * ({@link org.sixflow.app.lifecycle.OwnedInstaller}, {@link org.sixflow.app.lifecycle.InstallRounds});
 * and the owner's reactions to the network ({@link org.sixflow.app.lifecycle.OwnedLifecycle}).
 * A feature plugs in with what it alone knows ({@link org.sixflow.app.lifecycle.OwnedFeature}):
 * how an object compiles, which devices it must fit, which entries it shares.
 */
package org.sixflow.app.lifecycle;
