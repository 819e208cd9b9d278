#!/bin/sh
# Captures the tools/list of more published npm MCP servers for the security
# rules' clean corpus, with mcplint itself, offline. Each package is installed
# at its pinned version into its own folder under MCPLINT_CORPUS_NPM (scripts
# not run), started without network (`unshare -n`, util-linux) with dummy
# credentials, and dumped to <name>.json beside this script with a "_meta"
# naming its package, version and licence. Writes MANIFEST.tsv beside it.
#
#   go build -o /tmp/mcplint ./cmd/mcplint && MCPLINT=/tmp/mcplint rules/security/testdata/corpus/clean/servers/capture.sh [NAME...]
set -eu
here=$(cd "$(dirname "$0")" && pwd)
mcplint=${MCPLINT:-mcplint}
cache=${MCPLINT_CORPUS_NPM:-$HOME/.cache/mcplint-corpus/npm}
only=" $* "
# Servers that refuse to start without credentials get dummies; no network is
# reachable, so nothing is ever sent with them.
export FIRECRAWL_API_KEY=fc-dummy TAVILY_API_KEY=tvly-dummy EXA_API_KEY=dummy HEROKU_API_KEY=dummy \
	SUPABASE_ACCESS_TOKEN=sbp_dummy BROWSERBASE_API_KEY=dummy BROWSERBASE_PROJECT_ID=dummy \
	PERPLEXITY_API_KEY=dummy CIRCLECI_TOKEN=dummy PINECONE_API_KEY=dummy APIFY_TOKEN=dummy \
	API_TOKEN=dummy FIGMA_API_KEY=dummy GITLAB_PERSONAL_ACCESS_TOKEN=dummy \
	GITLAB_API_URL=http://127.0.0.1:9/api/v4 BRAVE_API_KEY=dummy PRIVATE_APP_ACCESS_TOKEN=dummy \
	NEON_API_KEY=dummy REDIS_URL=redis://127.0.0.1:9 ES_URL=http://127.0.0.1:9 ES_API_KEY=dummy \
	MYSQL_HOST=127.0.0.1 MYSQL_PORT=9 MYSQL_USER=dummy MYSQL_PASS=dummy MYSQL_DB=dummy \
	CURRENTS_API_KEY=dummy CLOUDFLARE_API_TOKEN=dummy SHORTCUT_API_TOKEN=dummy \
	AIRTABLE_API_KEY=patdummy ASANA_ACCESS_TOKEN=dummy POSTMAN_API_KEY=PMAK-dummy \
	ATLASSIAN_SITE_NAME=dummy ATLASSIAN_USER_EMAIL=dummy@example.com ATLASSIAN_API_TOKEN=dummy \
	MAPBOX_ACCESS_TOKEN=pk.dummy GOOGLE_CLOUD_PROJECT=dummy ARGOCD_BASE_URL=http://127.0.0.1:9 ARGOCD_API_TOKEN=dummy \
	NETLIFY_PERSONAL_ACCESS_TOKEN=dummy \
	CHANNEL_ACCESS_TOKEN=dummy DESTINATION_USER_ID=dummy GLEAN_INSTANCE=dummy GLEAN_API_TOKEN=dummy \
	DIGITALOCEAN_API_TOKEN=dummy LARA_ACCESS_KEY_ID=dummy LARA_ACCESS_KEY_SECRET=dummy \
	LINEAR_API_KEY=lin_api_dummy AZURE_DEVOPS_ORG_URL=https://dev.azure.com/dummy AZURE_DEVOPS_AUTH_METHOD=pat \
	AZURE_DEVOPS_PAT=dummy PLANE_API_KEY=dummy PLANE_WORKSPACE_SLUG=dummy PLANE_API_HOST_URL=http://127.0.0.1:9 \
	SEARXNG_URL=http://127.0.0.1:9 HYPERBROWSER_API_KEY=dummy AMAP_MAPS_API_KEY=dummy \
	REPLICATE_API_TOKEN=dummy COOLIFY_BASE_URL=http://127.0.0.1:9 COOLIFY_ACCESS_TOKEN=dummy \
	METABASE_URL=http://127.0.0.1:9 METABASE_API_KEY=dummy DATAFORSEO_USERNAME=dummy DATAFORSEO_PASSWORD=dummy \
	BITBUCKET_USERNAME=dummy BITBUCKET_APP_PASSWORD=dummy BITBUCKET_BASE_URL=http://127.0.0.1:9 \
	TRELLO_API_KEY=dummy TRELLO_TOKEN=dummy Z_AI_API_KEY=dummy MORPH_API_KEY=dummy \
	BACKLOG_DOMAIN=dummy.backlog.com BACKLOG_API_KEY=dummy \
	SERPER_API_KEY=dummy CODACY_ACCOUNT_TOKEN=dummy BROWSERSTACK_USERNAME=dummy BROWSERSTACK_ACCESS_KEY=dummy \
	NOTION_API_TOKEN=dummy NOTION_PAGE_ID=dummy ORCHESTRATOR_API_URL=http://127.0.0.1:9 \
	BITBUCKET_PASSWORD=dummy API_KEY=dummy \
	JIRA_EMAIL=dummy@example.com JIRA_API_TOKEN=dummy JIRA_BASE_URL=http://127.0.0.1:9 \
	GRAFANA_URL=http://127.0.0.1:9 GRAFANA_API_KEY=dummy GOOGLE_API_KEY=dummy GOOGLE_SEARCH_ENGINE_ID=dummy \
	HEVY_API_KEY=dummy SLACK_BOT_TOKEN=xoxb-dummy SLACK_TEAM_ID=T0DUMMY XERO_CLIENT_BEARER_TOKEN=dummy \
	JINA_API_KEY=dummy JIRA_HOST=http://127.0.0.1:9 ORCHESTRATOR_API_KEY=dummy \
	ORCHESTRATOR_PROJECT=dummy ROLLBAR_ACCESS_TOKEN=dummy
empty=$(mktemp -d)
trap 'rm -rf "$empty"' EXIT
# cclsp refuses to start without a configuration file; an empty list of
# language servers lists its tools all the same.
printf '{"servers":[]}\n' >"$empty/cclsp.json"
export CCLSP_CONFIG_PATH="$empty/cclsp.json"
# kubernetes-mcp-server refuses to start without a current context; one that
# points at a closed local port lists its tools all the same.
printf 'apiVersion: v1\nkind: Config\nclusters: [{name: dummy, cluster: {server: "https://127.0.0.1:9"}}]\ncontexts: [{name: dummy, context: {cluster: dummy, user: dummy}}]\ncurrent-context: dummy\nusers: [{name: dummy, user: {token: dummy}}]\n' >"$empty/kubeconfig"
export KUBECONFIG="$empty/kubeconfig"
manifest="$here/MANIFEST.tsv"
[ "$only" = "  " ] && printf 'name\tpackage\tversion\tlicence\ttools\tcommand\n' >"$manifest"

capture() { # name package version bin-name [args...]; LICENCE=X overrides package.json
	name=$1 pkg=$2 version=$3 bin=$4
	shift 4
	case "$only" in "  " | *" $name "*) ;; *) return 0 ;; esac
	prefix="$cache/$name"
	dir="$prefix/node_modules/$pkg"
	if [ "$(node -p 'try{require(process.argv[1]).version}catch{""}' "$dir/package.json")" != "$version" ]; then
		npm install --prefix "$prefix" --ignore-scripts --no-audit --no-fund --loglevel=error "$pkg@$version" >/dev/null
	fi
	main=$(node -e 'const p=require(process.argv[1]); const b=typeof p.bin==="string"?p.bin:p.bin[process.argv[2]]; console.log(b)' "$dir/package.json" "$bin")
	licence=${LICENCE:-$(node -p 'require(process.argv[1]).license' "$dir/package.json")}
	# Bounded: two minutes and 3 GB of heap (--as would also count the address
	# space WebAssembly reserves, and undici's would not start).
	(cd "$empty" && HOME="$empty" timeout 120 prlimit --data=3000000000 unshare -n "$mcplint" dump -o "$here/$name.json" -- node "$dir/${main#./}" "$@")
	node -e '
		const fs = require("fs"), [f, pkg, version, licence] = process.argv.slice(1);
		const d = JSON.parse(fs.readFileSync(f, "utf8"));
		fs.writeFileSync(f, JSON.stringify({_meta: {package: pkg, version, licence}, ...d}, null, 2) + "\n");
		console.log(d.tools.length);' "$here/$name.json" "$pkg" "$version" "$licence" >"$empty/tools"
	printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$name" "$pkg" "$version" "$licence" "$(cat "$empty/tools")" \
		"unshare -n mcplint dump -o $name.json -- node node_modules/$pkg/${main#./}${*:+ $*}" >>"$manifest"
}

capture puppeteer @modelcontextprotocol/server-puppeteer 2025.5.12 mcp-server-puppeteer
capture firecrawl firecrawl-mcp 3.26.0 firecrawl-mcp
capture tavily tavily-mcp 0.2.22 tavily-mcp
# exa-mcp-server's package.json names no licence; its LICENSE file is MIT.
LICENCE=MIT capture exa exa-mcp-server 3.4.1 exa-mcp-server
capture browserbase @browserbasehq/mcp-server-browserbase 2.4.3 mcp-server-browserbase
capture browser-tools @agentdeskai/browser-tools-mcp 2.0.2 browser-tools-mcp
capture brave-search-official @brave/brave-search-mcp-server 2.1.4 brave-search-mcp-server
capture circleci @circleci/mcp-server-circleci 0.20.0 mcp-server-circleci
capture currents @currents/mcp 2.1.1 mcp
capture playwright-executeautomation @executeautomation/playwright-mcp-server 1.0.12 playwright-mcp-server
capture hubspot @hubspot/mcp-server 0.4.0 mcp-hubspot
capture youtube-transcript @kimtaeyoon83/mcp-server-youtube-transcript 0.1.1 mcp-server-youtube-transcript
capture code-runner mcp-server-code-runner 0.1.8 mcp-server-code-runner
capture airbnb @openbnb/mcp-server-airbnb 0.3.0 mcp-server-airbnb
capture perplexity @perplexity-ai/mcp-server 1.2.1 perplexity-mcp
capture gitlab-zereight @zereight/mcp-gitlab 2.1.64 mcp-gitlab
capture figma figma-developer-mcp 0.13.2 figma-developer-mcp --stdio
capture cloudflare @cloudflare/mcp-server-cloudflare 0.2.0 mcp-server-cloudflare run dummy-account
capture mastra-docs @mastra/mcp-docs-server 1.2.27 mcp-docs-server
capture eslint @eslint/mcp 0.3.13 mcp
capture next-devtools next-devtools-mcp 0.4.0 next-devtools-mcp
capture shortcut @shortcut/mcp 0.25.0 mcp-server-shortcut
capture drawio @drawio/mcp 1.6.1 drawio-mcp
capture airtable airtable-mcp-server 1.14.0 airtable-mcp-server
capture asana @roychri/mcp-server-asana 1.8.0 mcp-server-asana
capture postman @postman/postman-mcp-server 2.13.0 postman-mcp-server
capture jira-aashari @aashari/mcp-server-atlassian-jira 3.3.0 mcp-atlassian-jira
capture launchdarkly @launchdarkly/mcp-server 0.6.2 mcp start --api-key dummy
capture mapbox @mapbox/mcp-server 0.14.0 mcp-server
capture gcp-observability @google-cloud/observability-mcp 0.2.3 observability-mcp
capture argocd argocd-mcp 0.9.0 argocd-mcp stdio
# Added later, after the rules were written, to measure them on servers they
# were never tuned on (held out; see docs/security-corpus.md).
capture nx nx-mcp 0.25.0 nx-mcp .
capture netlify @netlify/mcp 1.15.1 netlify-mcp
capture monday @mondaydotcomorg/monday-api-mcp 3.3.0 mcp-server-monday-api -t dummy
capture git-cyanheads @cyanheads/git-mcp-server 2.15.3 git-mcp-server
capture line-bot @line/line-bot-mcp-server 0.5.0 line-bot-mcp-server
capture glean @gleanwork/local-mcp-server 0.7.6 local-mcp-server
capture mui @mui/mcp 0.1.6 mcp
capture magicui @magicuidesign/mcp 2.0.0 mcp
capture digitalocean @digitalocean/mcp 1.0.70 digitalocean-mcp
capture lara @translated/lara-mcp 1.0.6 lara-mcp
capture clarity @microsoft/clarity-mcp-server 2.0.1 clarity-mcp-server --clarity_api_token=dummy
capture linear-jerhadf linear-mcp-server 0.1.0 linear-mcp-server
capture azure-devops-tiberriver256 @tiberriver256/mcp-server-azure-devops 0.1.48 mcp-server-azure-devops
capture plane @makeplane/plane-mcp-server 0.1.5 plane-mcp-server
capture taskmanager-kazuph @kazuph/mcp-taskmanager 1.1.1 mcp-taskmanager
capture searxng mcp-searxng 2.4.0 mcp-searxng
capture npx-fetch @tokenizin/mcp-npx-fetch 1.0.0 mcp-npx-fetch
capture hyperbrowser hyperbrowser-mcp 1.0.25 hyperbrowser-mcp
capture docker-ckreiling mcp-server-docker 1.0.0 mcp-server-docker
capture azure @azure/mcp 2.0.5 azmcp server start
# Held out in a later round, after the rules were changed for the sources
# tuned before it; measured before any change for them.
capture agent-infra-filesystem @agent-infra/mcp-server-filesystem 1.2.29 mcp-server-filesystem --allowed-directories /tmp
capture agent-infra-browser @agent-infra/mcp-server-browser 1.2.29 mcp-server-browser
capture amap-maps @amap/amap-maps-mcp-server 0.0.8 mcp-amap
capture selenium-angiejones @angiejones/mcp-selenium 0.2.3 mcp-selenium
capture bitbucket-aashari @aashari/mcp-server-atlassian-bitbucket 3.1.0 mcp-atlassian-bitbucket
# Held out in the ninth round, measured before any change for them.
capture replicate replicate-mcp 0.9.0 mcp-server
capture hostinger hostinger-api-mcp 1.63.2 hostinger-api-mcp
capture coolify @masonator/coolify-mcp 3.5.0 coolify-mcp
capture metabase-cognition @cognitionai/metabase-mcp-server 2.2.0 metabase-mcp-server
capture react-aria @react-aria/mcp 1.2.1 mcp
capture dataforseo dataforseo-mcp-server 3.0.1 dataforseo-mcp-server
capture bitbucket-nexus2520 @nexus2520/bitbucket-mcp-server 3.0.0 bitbucket-mcp-server
capture trello-delorenj @delorenj/mcp-server-trello 1.8.1 mcp-server-trello
capture apple-docs @kimsungwhee/apple-docs-mcp 1.0.26 apple-docs-mcp
capture tailwindcss tailwindcss-mcp-server 0.1.1 tailwindcss-server
capture fetch-zcaceres mcp-fetch-server 1.1.2 mcp-fetch-server
capture fetch-kazuph @kazuph/mcp-fetch 1.6.3 mcp-fetch
capture bigquery-ergut @ergut/mcp-bigquery-server 1.0.4 mcp-server-bigquery --project-id dummy
capture deepwiki mcp-deepwiki 0.0.10 mcp-instruct
# Held out in the tenth round, measured before any change for them: the
# most-downloaded npm packages that are MCP servers and not yet in the corpus
# (README.md says how they were ranked).
capture cclsp cclsp 0.7.0 cclsp
capture expo-mcp expo-mcp 0.2.4 expo-mcp --dev-server-url http://127.0.0.1:9
capture hello-world mcp-hello-world 1.1.2 mcp-hello-world
capture xcodebuild xcodebuildmcp 2.7.0 xcodebuildmcp mcp
capture mobile-mcp @mobilenext/mobile-mcp 1.0.4 mcp-server-mobile
capture cloud-run @google-cloud/cloud-run-mcp 1.10.0 cloud-run-mcp
capture lark @larksuiteoapi/lark-mcp 0.5.1 lark-mcp mcp -a dummy -s dummy
capture zai @z_ai/mcp-server 0.1.5 zai-mcp-server
capture morph @morphllm/morphmcp 0.8.213 morph-mcp
capture backlog backlog-mcp-server 0.20.4 backlog-mcp-server
capture ms365-softeria @softeria/ms-365-mcp-server 0.155.0 ms-365-mcp-server
# Held out in the eleventh round, measured before any change for them: the
# next most-downloaded npm packages that are MCP servers and not yet in the
# corpus (README.md says how they were ranked).
capture n8n-mcp n8n-mcp 2.87.0 n8n-mcp
capture creem creem 1.13.0 mcp start
capture remotion @remotion/mcp 4.0.527 remotion-mcp
capture google-drive-piotr @piotr-agier/google-drive-mcp 2.10.0 google-drive-mcp
capture mermaid mcp-mermaid 0.4.1 mcp-mermaid
capture gcloud @google-cloud/gcloud-mcp 0.5.3 gcloud-mcp
capture kubernetes kubernetes-mcp-server 0.0.67 kubernetes-mcp-server
capture fetcher fetcher-mcp 0.3.9 fetcher-mcp
capture figma-console figma-console-mcp 1.40.4 figma-console-mcp
capture cloudbase @cloudbase/cloudbase-mcp 2.34.6 cloudbase-mcp
capture ios-simulator ios-simulator-mcp 2.1.0 ios-simulator-mcp
capture reddit-buddy reddit-mcp-buddy 1.1.14 reddit-mcp-buddy
capture notebooklm notebooklm-mcp 2.0.0 notebooklm-mcp
# Held out in the twelfth round, measured before any change for them: the
# next most-downloaded npm packages that are MCP servers and not yet in the
# corpus (README.md says how they were ranked and which were left out).
capture excel-negokaz @negokaz/excel-mcp-server 0.12.0 excel-mcp-server
capture codacy @codacy/codacy-mcp 0.5.9 codacy-mcp-server
capture pdf-reader-sylphx @sylphx/pdf-reader-mcp 2.4.0 pdf-reader-mcp
capture cosmosdb mcpcosmosdb 2.0.0 mcpcosmosdb
capture typescript-mcp typescript-mcp 0.0.14 typescript-mcp
capture browserstack @browserstack/mcp-server 1.4.2 browserstack-mcp-server
capture perplexity-ask server-perplexity-ask 0.1.3 mcp-server-perplexity-ask
capture googlemaps-code-assist @googlemaps/code-assist-mcp 0.2.1 code-assist-mcp
capture serper serper-search-scrape-mcp-server 0.1.2 serper-mcp
# Held out in the thirteenth round, measured before any change for them: the
# next most-downloaded npm packages that are MCP servers and not yet in the
# corpus (README.md says how they were ranked and which were left out).
capture travelplanner-gongrzhe @gongrzhe/server-travelplanner-mcp 0.1.2 server-travelplanner-mcp
capture robloxstudio robloxstudio-mcp 2.6.0 robloxstudio-mcp
capture gcp-mcp gcp-mcp 1.0.2 gcp-mcp
capture notion-suekou notion-mcp-server 1.0.1 notion-mcp-server
capture gdrive-isaacphi @isaacphi/mcp-gdrive 0.2.0 mcp-gdrive
capture talk-to-figma claude-talk-to-figma-mcp 1.0.0 claude-talk-to-figma-mcp-server
capture github-mcp-server github-mcp-server 1.8.7 github-mcp-server-mcp
capture howtocook howtocook-mcp 0.2.2 howtocook-mcp
capture agent-device agent-device 0.21.5 agent-device mcp
# Held out in the fourteenth round, measured before any change for them: the
# next most-downloaded npm packages that are MCP servers and not yet in the
# corpus (README.md says how they were ranked and which were left out).
capture siemens-element @siemens/element-mcp 51.1.0-v.2.0.3 element-mcp
capture drawio-lgazo drawio-mcp-server 2.3.0 drawio-mcp-server
capture shadcn-jpisnice @jpisnice/shadcn-ui-mcp-server 2.0.0 shadcn-mcp
capture tauri-hypothesi @hypothesi/tauri-mcp-server 0.13.0 mcp-server-tauri
capture orchestrator-claude @orchestrator-claude/mcp-server 3.37.3 orchestrator-mcp
capture octocode octocode-mcp 19.1.0 octocode-mcp
capture knip @knip/mcp 0.0.36 knip-mcp
capture linear-mseep @mseep/linear-mcp 78.0.1 linear-mcp
capture agent-security-scanner agent-security-scanner-mcp 4.5.9 agent-security-scanner-mcp
capture bitbucket-mcp bitbucket-mcp 5.0.6 bitbucket-mcp
# Held out in the fifteenth round, measured before any change for them: the
# next most-downloaded npm packages that are MCP servers and not yet in the
# corpus (README.md says how they were ranked and which were left out).
capture google-workspace-dguido @dguido/google-workspace-mcp 3.4.4 google-workspace-mcp
capture variflight @variflight-ai/variflight-mcp 1.0.3 variflight-mcp
capture mcp-graphql mcp-graphql 2.0.4 mcp-graphql
capture linear-tacticlaunch @tacticlaunch/mcp-linear 1.4.3 mcp-linear
capture todoist-mcp todoist-mcp 1.3.4 todoist-mcp
capture codegraph-colbymchenry @colbymchenry/codegraph 1.6.1 codegraph serve --mcp
capture codex-mcp-server codex-mcp-server 1.4.10 codex-mcp-server
capture jira-nexus2520 @nexus2520/jira-mcp-server 1.2.0 jira-mcp-server
capture vercel-mcp vercel-mcp 0.0.7 vercel-mcp VERCEL_API_KEY=dummy
capture google-map-cablate @cablate/mcp-google-map 0.0.63 mcp-google-map --stdio --apikey dummy
# Held out in the sixteenth round, measured before any change for them: the
# next most-downloaded npm packages that are MCP servers and not yet in the
# corpus (README.md says how they were ranked and which were left out).
# cursor-talk-to-figma-mcp's, mcp-google-search's and hevy-mcp's package.json
# name no licence; their LICENSE files are MIT.
LICENCE=MIT capture cursor-talk-to-figma cursor-talk-to-figma-mcp 0.3.5 cursor-talk-to-figma-mcp
capture grafana-leval @leval/mcp-grafana 1.1.7 mcp-grafana
capture pubmed-cyanheads @cyanheads/pubmed-mcp-server 2.7.4 pubmed-mcp-server
capture perplexity-mcp perplexity-mcp 0.2.3 perplexity-mcp
LICENCE=MIT capture google-search-adenot @adenot/mcp-google-search 0.3.1 mcp-google-search
capture next-ai-drawio @next-ai-drawio/mcp-server 0.2.3 next-ai-drawio-mcp
capture mysql-berthojoris @berthojoris/mcp-mysql-server 1.43.2 mcp-mysql mysql://dummy:dummy@127.0.0.1:9/dummy
capture popdb-daylight @daylight-labs/popdb-mcp 0.2.3 popdb-mcp
capture playwright-automatalabs @automatalabs/mcp-server-playwright 1.2.1 mcp-server-playwright
capture time-mcp time-mcp 1.0.6 time-mcp
capture postgrest-supabase @supabase/mcp-server-postgrest 0.2.0 mcp-server-postgrest --apiUrl http://127.0.0.1:9 --schema public
capture gemini-mcp-tool gemini-mcp-tool 1.1.8 gemini-mcp
capture hugeicons @hugeicons/mcp-server 0.2.2 hugeicons-mcp
capture powerpipe-turbot @turbot/powerpipe-mcp 0.1.0 mcp-server-powerpipe .
LICENCE=MIT capture hevy-mcp hevy-mcp 6.1.13 hevy-mcp
# Held out in the seventeenth round, measured before any change for them: the
# next most-downloaded npm packages that are MCP servers and not yet in the
# corpus (README.md says how they were ranked and which were left out).
# ref-tools-mcp's package.json names no licence; its LICENSE file is MIT.
capture claude-code-steipete @steipete/claude-code-mcp 1.10.12 claude-code-mcp
capture slack-zencoderai @zencoderai/slack-mcp-server 0.0.1 slack-mcp
capture jina-mcp-tools jina-mcp-tools 1.2.3 jina-mcp-tools
capture xero-mcp @xeroapi/xero-mcp-server 0.0.17 xero-mcp-server
capture ng-primitives @ng-primitives/mcp 0.110.2 ngp-mcp
capture mcp-postgres-server mcp-postgres-server 0.3.1 mcp-postgres
capture jira-cloud-aaronsb @aaronsb/jira-cloud-mcp 0.11.3 jira-cloud-mcp
capture ssh-mcp ssh-mcp 2.11.0 ssh-mcp
LICENCE=MIT capture ref-tools ref-tools-mcp 3.0.3 ref-tools-mcp
capture youtube-transcript-kimtaeyoon83 @kimtaeyoon83/mcp-server-youtube-transcript 0.1.1 mcp-server-youtube-transcript
capture orchestrator-first-to-fly @first-to-fly/orchestrator-mcp 0.7.3 orchestrator-mcp
capture universal-db universal-db-mcp 2.14.0 universal-db-mcp
capture mastergo-magic @mastergo/magic-mcp 0.1.2 mastergo-magic-mcp
capture computer-use computer-use-mcp 1.8.0 computer-use-mcp
capture rollbar @rollbar/mcp-server 0.6.0 rollbar-mcp-server
capture resend-mcp resend-mcp 2.22.0 resend-mcp --key=re_dummy
