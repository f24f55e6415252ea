/**
 * Recall round 13 (issue #32), Slack-side: a token named in a request is the credential calls
 * authenticate with (`auth.test`, `auth.revoke`), not OAuth's issuing of one — the lexicon's token
 * entry no longer expands to `oauth`, which made `oauth.token` ("exchanges a … code for a … token")
 * first. Over the evaluation's real imports; requests written for these tests.
 */
import { describe, expect, it } from "vitest"
import * as Index from "../../src/internal/search/index.js"
import { namesOver } from "./realIndex.js"

const { index, names } = namesOver()

describe("a token named bare", () => {
  it("stands for authentication, not OAuth", () => {
    const terms = Index.explain(index(), "can you confirm our slack token still works").concepts.flatMap((concept) => [...concept.terms.keys()])
    expect(terms).toContain("auth")
    expect(terms).not.toContain("oauth")
  })

  it("ranks the token's check and revoke before OAuth's exchange", () => {
    // Before: `slack_oauth_token` first in both.
    expect(names("can you confirm our slack token still works", 3)).toEqual(["slack_auth_test", "slack_auth_revoke", "slack_oauth_token"])
    expect(names("sign the slack token out", 3)).toEqual(["slack_auth_revoke", "slack_oauth_token", "slack_auth_test"])
  })

  it("still reaches OAuth where the request says so", () => {
    expect(names("trade an oauth code for a slack token", 1)).toEqual(["slack_oauth_token"])
  })
})
