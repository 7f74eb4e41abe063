// The JASS debugger extension: VS Code starts `jass debug --dap` for each "jass" debug
// session and talks the Debug Adapter Protocol with it over stdio. The command is the
// `jass.debug.command` setting (default: `jass` on PATH). A launch configuration with
// "debugServer": PORT connects to a `jass debug --dap --port PORT` started by hand instead.
'use strict';

const vscode = require('vscode');

class JassAdapterFactory {
  createDebugAdapterDescriptor(session) {
    if (typeof session.configuration.debugServer === 'number') {
      return new vscode.DebugAdapterServer(session.configuration.debugServer);
    }
    const config = vscode.workspace.getConfiguration('jass.debug', session.workspaceFolder);
    const command = config.get('command') || 'jass';
    const args = (config.get('args') || []).concat(['debug', '--dap']);
    const folder = session.workspaceFolder && session.workspaceFolder.uri.fsPath;
    return new vscode.DebugAdapterExecutable(command, args, folder ? { cwd: folder } : undefined);
  }
}

class JassConfigurationProvider {
  // F5 with no launch.json: debug the .j file in the editor.
  resolveDebugConfiguration(folder, config) {
    if (!config.type && !config.request && !config.name) {
      const editor = vscode.window.activeTextEditor;
      if (editor && editor.document.languageId === 'jass') {
        return { type: 'jass', request: 'launch', name: 'Debug this script',
                 program: editor.document.fileName, until: '10m' };
      }
    }
    if (!config.program) {
      return vscode.window.showErrorMessage('A "jass" launch configuration needs a "program".')
        .then(() => undefined);
    }
    return config;
  }
}

// "JASS: Go to Game Time...": the adapter's custom gotoTime request, forward or back in
// game time (back: the debugger replays from its last checkpoint).
async function gotoGameTime() {
  const session = vscode.debug.activeDebugSession;
  if (!session || session.type !== 'jass') {
    return;
  }
  const time = await vscode.window.showInputBox({
    prompt: 'Game time to go to (seconds, or e.g. 90s, 2m30s)', placeHolder: '2m30s' });
  if (time) {
    try {
      await session.customRequest('gotoTime', { time });
    } catch (err) {
      vscode.window.showErrorMessage(String(err.message || err));
    }
  }
}

function activate(context) {
  context.subscriptions.push(
    vscode.commands.registerCommand('jass.gotoGameTime', gotoGameTime),
    vscode.debug.registerDebugAdapterDescriptorFactory('jass', new JassAdapterFactory()),
    vscode.debug.registerDebugConfigurationProvider('jass', new JassConfigurationProvider()));
}

function deactivate() {}

module.exports = { activate, deactivate };
