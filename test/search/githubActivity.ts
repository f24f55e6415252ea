/**
 * GitHub's own documents for its watching, starring and assignee operations, as the OpenAPI
 * import gives them (api.github.com.json, @octokit/openapi 23.0.2: summary and first sentences,
 * the parameters that bear on these requests): the tools of `forms.test.ts` and
 * `formsWithoutWordNet.test.ts`.
 */
import * as ToolIndex from "../../src/internal/search/index.js"

const github = (name: string, method: string, path: string, description: string): ToolIndex.SearchDocument => ({
  name,
  method,
  description,
  url: `https://api.github.com${path}`,
  api: "github"
})

/** GitHub's watching, starring and assignee tools, and three neighbours (issues, commits, the repository). */
export const ACTIVITY: ReadonlyArray<ToolIndex.SearchDocument> = [
  github("activity/list-stargazers-for-repo", "GET", "/repos/{{owner}}/{{repo}}/stargazers", "List stargazers. Lists the people that have starred the repository."),
  github("activity/list-watchers-for-repo", "GET", "/repos/{{owner}}/{{repo}}/subscribers", "List watchers. Lists the people watching the specified repository."),
  github(
    "activity/get-repo-subscription",
    "GET",
    "/repos/{{owner}}/{{repo}}/subscription",
    "Get a repository subscription. Gets information about whether the authenticated user is subscribed to the repository."
  ),
  github(
    "activity/set-repo-subscription",
    "PUT",
    "/repos/{{owner}}/{{repo}}/subscription",
    "Set a repository subscription. If you would like to watch a repository, set `subscribed` to `true`."
  ),
  github(
    "activity/delete-repo-subscription",
    "DELETE",
    "/repos/{{owner}}/{{repo}}/subscription",
    "Delete a repository subscription. This endpoint should only be used to stop watching a repository."
  ),
  github(
    "activity/list-repos-watched-by-user",
    "GET",
    "/users/{{username}}/subscriptions",
    "List repositories watched by a user. Lists repositories a user is watching."
  ),
  github(
    "issues/list-assignees",
    "GET",
    "/repos/{{owner}}/{{repo}}/assignees",
    "List assignees. Lists the [available assignees](https://docs.github.com/articles/assigning-issues-and-pull-requests-to-other-github-users/) for issues in a repository."
  ),
  github("issues/add-assignees", "POST", "/repos/{{owner}}/{{repo}}/issues/{{issue_number}}/assignees", "Add assignees to an issue. Adds up to 10 assignees to an issue."),
  {
    ...github("issues/list-for-repo", "GET", "/repos/{{owner}}/{{repo}}/issues", "List repository issues. List issues in a repository. Only open issues will be listed."),
    parameters: {
      properties: {
        owner: { description: "The account owner of the repository. The name is not case sensitive." },
        repo: { description: "The name of the repository without the `.git` extension. The name is not case sensitive." },
        state: { description: "Indicates the state of the issues to return. One of: \"open\", \"closed\", \"all\". Default: \"open\"." },
        assignee: { description: "Can be the name of a user. Pass in `none` for issues with no assigned user, and `*` for issues assigned to any user." },
        creator: { description: "The user that created the issue." },
        mentioned: { description: "A user that's mentioned in the issue." }
      }
    }
  },
  github("repos/list-commits", "GET", "/repos/{{owner}}/{{repo}}/commits", "List commits. **Signature verification object**"),
  github("repos/get", "GET", "/repos/{{owner}}/{{repo}}", "Get a repository. The `parent` and `source` objects are present when the repository is a fork.")
]

/** The first three tools for a request, over `ACTIVITY`. */
export const ranked = (request: string): ReadonlyArray<string> => {
  const index = ToolIndex.make()
  index.add(ACTIVITY)
  return index.search(request, { limit: 3 }).map((hit) => hit.name)
}
