/**
 * An application's own Streamable HTTP endpoint in front of an `@rcp-sdk/mcp` bridge, on 127.0.0.1:
 * its middleware turns the bearer token into `req.auth` (the MCP SDK hands it to the bridge as
 * `extra.authInfo`), each request gets a fresh server and transport, and `close` ends every
 * connection. `clientIdOf` says which application user a token is.
 */
import type { AuthInfo } from "@modelcontextprotocol/sdk/server/auth/types.js"
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js"
import type * as Mcp from "@rcp-sdk/mcp"
import * as http from "node:http"
import type { AddressInfo } from "node:net"

export interface App {
  readonly url: URL
  readonly close: () => Promise<void>
}

export const startApp = (bridge: Mcp.Bridge, clientIdOf: (token: string) => string): Promise<App> =>
  new Promise((resolve) => {
    const server = http.createServer(async (req, res) => {
      const token = req.headers.authorization?.replace(/^Bearer /, "")
      const auth: AuthInfo | undefined = token === undefined ? undefined : { token, clientId: clientIdOf(token), scopes: [] }
      Object.assign(req, { auth })
      const mcp = bridge.server()
      const transport = new StreamableHTTPServerTransport({})
      res.on("close", () => void mcp.close())
      await mcp.connect(transport)
      await transport.handleRequest(req, res)
    })
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo
      resolve({
        url: new URL(`http://127.0.0.1:${port}/mcp`),
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done())
            server.closeAllConnections()
          })
      })
    })
  })
