/**
 * Real-shaped list responses, for test/result/ and bench/results.ts: generated (seeded, so every
 * run sees the same bytes) rather than committed: a page of GitHub's "list repositories for a
 * user" (per_page=100), a page of Stripe's "list charges" (limit=100), a Kubernetes PodList (200
 * pods, with managedFields), and a 5 MiB array of log events. Field names, order, nesting and value shapes follow the APIs' documented responses;
 * the values are made up.
 */

/** mulberry32: a small deterministic PRNG. */
export const random = (seed: number) => {
  let a = seed >>> 0
  return (): number => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

type Rng = () => number
const pick = <A>(rng: Rng, items: ReadonlyArray<A>): A => items[Math.floor(rng() * items.length)]!
const int = (rng: Rng, max: number): number => Math.floor(rng() * max)
const id = (rng: Rng, length: number, alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"): string =>
  Array.from({ length }, () => pick(rng, [...alphabet])).join("")
const iso = (rng: Rng): string => new Date(Date.UTC(2020, 0, 1) + int(rng, 5 * 365 * 86_400_000)).toISOString().replace(".000", "")
const WORDS = [
  "fast",
  "tiny",
  "library",
  "for",
  "parsing",
  "the",
  "web",
  "server",
  "client",
  "tool",
  "with",
  "zero",
  "dependencies",
  "and",
  "a",
  "plugin",
  "system",
  "written",
  "in",
  "TypeScript",
  "Rust",
  "Go",
  "— experimental",
  "🚀",
  "données",
  "日本語"
]
const sentence = (rng: Rng, words: number): string => Array.from({ length: words }, () => pick(rng, WORDS)).join(" ")

// ---------------------------------------------------------------------------------------------
// GitHub: GET /users/{user}/repos?per_page=100
// ---------------------------------------------------------------------------------------------

const API = "https://api.github.com"

const githubOwner = (login: string, userId: number) => ({
  login,
  id: userId,
  node_id: `MDQ6VXNlcj${userId}`,
  avatar_url: `https://avatars.githubusercontent.com/u/${userId}?v=4`,
  gravatar_id: "",
  url: `${API}/users/${login}`,
  html_url: `https://github.com/${login}`,
  followers_url: `${API}/users/${login}/followers`,
  following_url: `${API}/users/${login}/following{/other_user}`,
  gists_url: `${API}/users/${login}/gists{/gist_id}`,
  starred_url: `${API}/users/${login}/starred{/owner}{/repo}`,
  subscriptions_url: `${API}/users/${login}/subscriptions`,
  organizations_url: `${API}/users/${login}/orgs`,
  repos_url: `${API}/users/${login}/repos`,
  events_url: `${API}/users/${login}/events{/privacy}`,
  received_events_url: `${API}/users/${login}/received_events`,
  type: "User",
  user_view_type: "public",
  site_admin: false
})

export const githubRepository = (rng: Rng, index: number) => {
  const login = "octocat"
  const name = `${pick(rng, ["hello", "spoon", "linguist", "octo", "git"])}-${pick(rng, ["world", "knife", "kit", "cli", "lab"])}-${index}`
  const full = `${login}/${name}`
  const repo = `${API}/repos/${full}`
  const repoId = 1_000_000 + index * 7919
  return {
    id: repoId,
    node_id: `R_kgDO${id(rng, 6)}`,
    name,
    full_name: full,
    private: rng() < 0.1,
    owner: githubOwner(login, 583231),
    html_url: `https://github.com/${full}`,
    description: rng() < 0.15 ? null : sentence(rng, 4 + int(rng, 20)),
    fork: rng() < 0.2,
    url: repo,
    forks_url: `${repo}/forks`,
    keys_url: `${repo}/keys{/key_id}`,
    collaborators_url: `${repo}/collaborators{/collaborator}`,
    teams_url: `${repo}/teams`,
    hooks_url: `${repo}/hooks`,
    issue_events_url: `${repo}/issues/events{/number}`,
    events_url: `${repo}/events`,
    assignees_url: `${repo}/assignees{/user}`,
    branches_url: `${repo}/branches{/branch}`,
    tags_url: `${repo}/tags`,
    blobs_url: `${repo}/git/blobs{/sha}`,
    git_tags_url: `${repo}/git/tags{/sha}`,
    git_refs_url: `${repo}/git/refs{/sha}`,
    trees_url: `${repo}/git/trees{/sha}`,
    statuses_url: `${repo}/statuses/{sha}`,
    languages_url: `${repo}/languages`,
    stargazers_url: `${repo}/stargazers`,
    contributors_url: `${repo}/contributors`,
    subscribers_url: `${repo}/subscribers`,
    subscription_url: `${repo}/subscription`,
    commits_url: `${repo}/commits{/sha}`,
    git_commits_url: `${repo}/git/commits{/sha}`,
    comments_url: `${repo}/comments{/number}`,
    issue_comment_url: `${repo}/issues/comments{/number}`,
    contents_url: `${repo}/contents/{+path}`,
    compare_url: `${repo}/compare/{base}...{head}`,
    merges_url: `${repo}/merges`,
    archive_url: `${repo}/{archive_format}{/ref}`,
    downloads_url: `${repo}/downloads`,
    issues_url: `${repo}/issues{/number}`,
    pulls_url: `${repo}/pulls{/number}`,
    milestones_url: `${repo}/milestones{/number}`,
    notifications_url: `${repo}/notifications{?since,all,participating}`,
    labels_url: `${repo}/labels{/name}`,
    releases_url: `${repo}/releases{/id}`,
    deployments_url: `${repo}/deployments`,
    created_at: iso(rng),
    updated_at: iso(rng),
    pushed_at: iso(rng),
    git_url: `git://github.com/${full}.git`,
    ssh_url: `git@github.com:${full}.git`,
    clone_url: `https://github.com/${full}.git`,
    svn_url: `https://github.com/${full}`,
    homepage: rng() < 0.5 ? null : `https://${name}.example.org`,
    size: int(rng, 200_000),
    stargazers_count: int(rng, 20_000),
    watchers_count: int(rng, 20_000),
    language: pick(rng, ["TypeScript", "Rust", "Go", "Python", null]),
    has_issues: true,
    has_projects: rng() < 0.5,
    has_downloads: true,
    has_wiki: rng() < 0.5,
    has_pages: rng() < 0.2,
    has_discussions: rng() < 0.2,
    forks_count: int(rng, 3000),
    mirror_url: null,
    archived: rng() < 0.1,
    disabled: false,
    open_issues_count: int(rng, 400),
    license: rng() < 0.3
      ? null
      : { key: "mit", name: "MIT License", spdx_id: "MIT", url: `${API}/licenses/mit`, node_id: "MDc6TGljZW5zZTEz" },
    allow_forking: true,
    is_template: false,
    web_commit_signoff_required: false,
    topics: Array.from({ length: int(rng, 8) }, () => pick(rng, ["cli", "parser", "http", "rust", "wasm", "llm", "api"])),
    visibility: "public",
    forks: int(rng, 3000),
    open_issues: int(rng, 400),
    watchers: int(rng, 20_000),
    default_branch: "main",
    permissions: { admin: false, maintain: false, push: false, triage: false, pull: true }
  }
}

export const githubRepositories = (count = 100, seed = 1) => {
  const rng = random(seed)
  return Array.from({ length: count }, (_, i) => githubRepository(rng, i))
}

// ---------------------------------------------------------------------------------------------
// Stripe: GET /v1/charges?limit=100
// ---------------------------------------------------------------------------------------------

const stripeCharge = (rng: Rng) => {
  const amount = 100 + int(rng, 100_000)
  const chargeId = `ch_3${id(rng, 23)}`
  return {
    id: chargeId,
    object: "charge",
    amount,
    amount_captured: amount,
    amount_refunded: 0,
    application: null,
    application_fee: null,
    application_fee_amount: null,
    balance_transaction: `txn_3${id(rng, 23)}`,
    billing_details: {
      address: { city: pick(rng, ["Berlin", "Paris", "Austin", null]), country: pick(rng, ["DE", "FR", "US"]), line1: null, line2: null, postal_code: String(10000 + int(rng, 89999)), state: null },
      email: rng() < 0.5 ? null : `jenny.rosen+${int(rng, 999)}@example.com`,
      name: pick(rng, ["Jenny Rosen", "Zoë Martin", "山田 太郎", null]),
      phone: null
    },
    calculated_statement_descriptor: "RCP DEMO SHOP",
    captured: true,
    created: 1_700_000_000 + int(rng, 30_000_000),
    currency: pick(rng, ["usd", "eur", "gbp"]),
    customer: rng() < 0.2 ? null : `cus_${id(rng, 14)}`,
    description: rng() < 0.3 ? null : `Order #${int(rng, 99999)} — ${sentence(rng, 3)}`,
    destination: null,
    dispute: null,
    disputed: false,
    failure_balance_transaction: null,
    failure_code: null,
    failure_message: null,
    fraud_details: {},
    invoice: null,
    livemode: false,
    metadata: rng() < 0.5 ? {} : { order_id: String(int(rng, 999999)) },
    on_behalf_of: null,
    order: null,
    outcome: {
      advice_code: null,
      network_advice_code: null,
      network_decline_code: null,
      network_status: "approved_by_network",
      reason: null,
      risk_level: "normal",
      risk_score: int(rng, 99),
      seller_message: "Payment complete.",
      type: "authorized"
    },
    paid: true,
    payment_intent: `pi_3${id(rng, 23)}`,
    payment_method: `pm_1${id(rng, 23)}`,
    payment_method_details: {
      card: {
        amount_authorized: amount,
        authorization_code: null,
        brand: pick(rng, ["visa", "mastercard", "amex"]),
        checks: { address_line1_check: null, address_postal_code_check: "pass", cvc_check: "pass" },
        country: "US",
        exp_month: 1 + int(rng, 12),
        exp_year: 2026 + int(rng, 6),
        extended_authorization: { status: "disabled" },
        fingerprint: id(rng, 16),
        funding: "credit",
        incremental_authorization: { status: "unavailable" },
        installments: null,
        last4: String(1000 + int(rng, 8999)),
        mandate: null,
        multicapture: { status: "unavailable" },
        network: "visa",
        network_token: { used: false },
        overcapture: { maximum_amount_capturable: amount, status: "unavailable" },
        three_d_secure: null,
        wallet: null
      },
      type: "card"
    },
    radar_options: {},
    receipt_email: null,
    receipt_number: null,
    receipt_url: `https://pay.stripe.com/receipts/payment/${id(rng, 120)}`,
    refunded: false,
    review: null,
    shipping: null,
    source_transfer: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: pick(rng, ["succeeded", "succeeded", "succeeded", "pending", "failed"]),
    transfer_data: null,
    transfer_group: null
  }
}

export const stripeCharges = (count = 100, seed = 2) => {
  const rng = random(seed)
  return { object: "list", data: Array.from({ length: count }, () => stripeCharge(rng)), has_more: true, url: "/v1/charges" }
}

// ---------------------------------------------------------------------------------------------
// Kubernetes: GET /api/v1/namespaces/{ns}/pods?limit=200
// ---------------------------------------------------------------------------------------------

const fieldsV1 = {
  "f:metadata": {
    "f:generateName": {},
    "f:labels": { ".": {}, "f:app": {}, "f:pod-template-hash": {} },
    "f:ownerReferences": { ".": {}, "k:{\"uid\":\"4f0c…\"}": {} }
  },
  "f:spec": {
    "f:containers": {
      "k:{\"name\":\"web\"}": {
        ".": {},
        "f:image": {},
        "f:imagePullPolicy": {},
        "f:name": {},
        "f:ports": { ".": {}, "k:{\"containerPort\":8080,\"protocol\":\"TCP\"}": { ".": {}, "f:containerPort": {}, "f:protocol": {} } },
        "f:resources": { ".": {}, "f:limits": { ".": {}, "f:cpu": {}, "f:memory": {} } }
      }
    },
    "f:dnsPolicy": {},
    "f:restartPolicy": {}
  }
}

const kubernetesPod = (rng: Rng, index: number) => {
  const hash = id(rng, 10, "bcdfghjklmnpqrstvwxz2456789")
  const app = pick(rng, ["web", "api", "worker"])
  const name = `${app}-${hash}-${id(rng, 5, "bcdfghjklmnpqrstvwxz2456789")}`
  const uid = `${id(rng, 8, "0123456789abcdef")}-${id(rng, 4, "0123456789abcdef")}-${id(rng, 4, "0123456789abcdef")}-${id(rng, 4, "0123456789abcdef")}-${id(rng, 12, "0123456789abcdef")}`
  const started = iso(rng)
  const image = `registry.example.com/shop/${app}:1.${int(rng, 40)}.${int(rng, 10)}`
  return {
    metadata: {
      name,
      generateName: `${app}-${hash}-`,
      namespace: "shop",
      uid,
      resourceVersion: String(1_000_000 + index),
      creationTimestamp: started,
      labels: { app, "pod-template-hash": hash },
      annotations: { "kubectl.kubernetes.io/restartedAt": started, "prometheus.io/scrape": "true" },
      ownerReferences: [{ apiVersion: "apps/v1", kind: "ReplicaSet", name: `${app}-${hash}`, uid, controller: true, blockOwnerDeletion: true }],
      managedFields: [
        { manager: "kube-controller-manager", operation: "Update", apiVersion: "v1", time: started, fieldsType: "FieldsV1", fieldsV1 },
        { manager: "kubelet", operation: "Update", apiVersion: "v1", time: started, fieldsType: "FieldsV1", fieldsV1: { "f:status": { "f:conditions": { ".": {} }, "f:phase": {} } }, subresource: "status" }
      ]
    },
    spec: {
      volumes: [{ name: "kube-api-access", projected: { sources: [{ serviceAccountToken: { expirationSeconds: 3607, path: "token" } }], defaultMode: 420 } }],
      containers: [{
        name: app,
        image,
        ports: [{ containerPort: 8080, protocol: "TCP" }],
        env: [{ name: "LOG_LEVEL", value: "info" }, { name: "REGION", value: "eu-west-1" }],
        resources: { limits: { cpu: "500m", memory: "512Mi" }, requests: { cpu: "100m", memory: "128Mi" } },
        volumeMounts: [{ name: "kube-api-access", readOnly: true, mountPath: "/var/run/secrets/kubernetes.io/serviceaccount" }],
        terminationMessagePath: "/dev/termination-log",
        terminationMessagePolicy: "File",
        imagePullPolicy: "IfNotPresent"
      }],
      restartPolicy: "Always",
      terminationGracePeriodSeconds: 30,
      dnsPolicy: "ClusterFirst",
      serviceAccountName: "default",
      serviceAccount: "default",
      nodeName: `node-${int(rng, 12)}`,
      securityContext: {},
      schedulerName: "default-scheduler",
      tolerations: [
        { key: "node.kubernetes.io/not-ready", operator: "Exists", effect: "NoExecute", tolerationSeconds: 300 },
        { key: "node.kubernetes.io/unreachable", operator: "Exists", effect: "NoExecute", tolerationSeconds: 300 }
      ],
      priority: 0,
      enableServiceLinks: true,
      preemptionPolicy: "PreemptLowerPriority"
    },
    status: {
      phase: pick(rng, ["Running", "Running", "Running", "Pending", "Failed"]),
      conditions: ["PodReadyToStartContainers", "Initialized", "Ready", "ContainersReady", "PodScheduled"].map((type) => ({
        type,
        status: "True",
        lastProbeTime: null,
        lastTransitionTime: started
      })),
      hostIP: `10.0.${int(rng, 255)}.${int(rng, 255)}`,
      podIP: `10.244.${int(rng, 255)}.${int(rng, 255)}`,
      startTime: started,
      containerStatuses: [{
        name: app,
        state: { running: { startedAt: started } },
        lastState: {},
        ready: true,
        restartCount: int(rng, 3),
        image,
        imageID: `registry.example.com/shop/${app}@sha256:${id(rng, 64, "0123456789abcdef")}`,
        containerID: `containerd://${id(rng, 64, "0123456789abcdef")}`,
        started: true
      }],
      qosClass: "Burstable"
    }
  }
}

export const kubernetesPods = (count = 200, seed = 3) => {
  const rng = random(seed)
  return {
    kind: "PodList",
    apiVersion: "v1",
    metadata: { resourceVersion: "2119835", continue: `eyJ2IjoibWV0YS5rOHMuaW8vdjEiLCJydiI6MjExOTgzNSwic3RhcnQiOiJ3ZWItN${id(rng, 40)}`, remainingItemCount: 1840 },
    items: Array.from({ length: count }, (_, i) => kubernetesPod(rng, i))
  }
}

// ---------------------------------------------------------------------------------------------
// A 5 MiB array of log events
// ---------------------------------------------------------------------------------------------

export const events = (bytes = 5 * 1024 * 1024, seed = 4) => {
  const rng = random(seed)
  const items: Array<unknown> = []
  let size = 2
  for (let i = 0; size < bytes; i++) {
    const item = {
      id: `evt_${String(i).padStart(7, "0")}`,
      ts: iso(rng),
      level: pick(rng, ["info", "info", "warn", "error"]),
      message: sentence(rng, 5 + int(rng, 25)),
      attrs: { service: pick(rng, ["web", "api", "worker"]), latency_ms: int(rng, 900), user: `u_${id(rng, 8)}` }
    }
    size += JSON.stringify(item).length + 1
    items.push(item)
  }
  return items
}
