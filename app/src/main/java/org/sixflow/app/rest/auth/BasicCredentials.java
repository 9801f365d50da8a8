// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest.auth;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Locale;
import java.util.Optional;

/**
 * The user name and password of an HTTP basic Authorization header (RFC 7617).
 */
public final class BasicCredentials {

    private static final String SCHEME = "basic";

    private final String user;
    private final String password;

    private BasicCredentials(String user, String password) {
        this.user = user;
        this.password = password;
    }

    /**
     * @param header the Authorization header, or null
     * @return its credentials; empty when it is missing, of another scheme, not base64, not UTF-8 or
     *         without the colon that ends the user name
     */
    public static Optional<BasicCredentials> parse(String header) {
        if (header == null) {
            return Optional.empty();
        }
        String value = header.strip();
        int space = value.indexOf(' ');
        if (space < 0 || !value.substring(0, space).toLowerCase(Locale.ROOT).equals(SCHEME)) {
            return Optional.empty();
        }
        String decoded;
        try {
            byte[] bytes = Base64.getDecoder().decode(value.substring(space + 1).strip());
            decoded = StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes)).toString();
        } catch (IllegalArgumentException | CharacterCodingException e) {
            return Optional.empty();
        }
        int colon = decoded.indexOf(':');
        if (colon <= 0) {
            return Optional.empty();
        }
        return Optional.of(new BasicCredentials(decoded.substring(0, colon), decoded.substring(colon + 1)));
    }

    /**
     * @return the user name (never empty)
     */
    public String user() {
        return user;
    }

    /**
     * @return the password (may be empty)
     */
    public String password() {
        return password;
    }
}
