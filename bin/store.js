#!/usr/bin/env node
// CommonJS (bin/package.json): the bundle it starts is CommonJS too, for V8's code cache.
require('../dist/cli-bundle/start.cjs')
