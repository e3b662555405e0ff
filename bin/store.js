#!/usr/bin/env node
import { run } from '../dist/cli-bundle/main.js'
run()
