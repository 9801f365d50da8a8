// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.multihoming.api;

/** How the site is multihomed in a study's trials. */
public enum MultihomingProtocol {
    /** Plain IPv6: the site's own prefix is routed through both providers; nothing is installed. */
    IPV6,
    /** NPTv6 (RFC 6296) at the border router: the study's mappings are installed for its trials. */
    NPTV6,
    /** ILNP (RFC 6748's site-controlled deployment): the study's site is installed, the hosts run endpoints. */
    ILNP
}
