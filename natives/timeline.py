"""The kinds of timeline entries natives record with ``game.record(kind, **data)``.

The timeline is what ``jass run`` prints and ``--report`` writes: what the local player
would notice. Each kind below lists its data fields. Times are game seconds (added by
``Game.record``).
"""

KINDS = {
    "quest_created": "title, description, required (bool), discovered (bool)",
    "quest_updated": "title, field (title/description/required/discovered/icon), value",
    "quest_completed": "title",
    "quest_failed": "title",
    "quest_item": "quest (title), text, completed (bool)",
    "dialog_shown": "player (id), title, buttons (list of button texts)",
    "dialog_hidden": "player (id), title",
    "dialog_clicked": "player (id), title, button (text)",
    "transmission": "speaker (name or rawcode), text, duration (game seconds)",
    "cinematic_mode": "on (bool)",
    "gamecache_saved": "name (cache file name), path (the file, relative to the run sandbox)",
    "game_saved": "name (save file name as given; the whole game, natives.mission.SaveFiles); "
                  "checkpoint saves (SaveGameCheckpoint) add checkpoint (True), show_window (bool); "
                  "a player save (ESC menu) adds player (True)",
    "game_loaded": "name (the save restored; EVENT_GAME_LOADED ran with MAP_RELOADED set)",
    "ai_started": "player (id), script (file name), found (bool)",
    "ai_failed": "player (id), script, message (why the script does not load)",
    "ai_crashed": "player (id), script, crash (the crash kind), message, function (innermost, or None)",
    "ai_wave": "player (id), phase (sent/empty/lost/home), wave (number), size, units "
               "(rawcode -> count); sent and empty (a group with no unit: nothing walks, no "
               "lost/home follows) add how (the native), target (player id or None), x, y (the "
               "goal) (natives.aicaptains)",
    "victory": "player (id)",
    "defeat": "player (id), message",
    "game_over": "reason",
    "next_level": "level (map file name)",
    "leaderboard": "title, shown (bool)",
    "timer_dialog": "title, shown (bool)",
    "ui_origin_frames": "hidden (bool): BlzHideOriginFrames (natives.frames)",
    "chat_message": "player (id of the shown sender), channel (all/allies/observers/private), "
                    "text: BlzDisplayChatMessage (natives.display)",
    "reload_game": "(no data): ReloadGame was called (natives.mission)",
    "automation": "action (set_test_type/test_start/test_end/testing_finished), name "
                  "(natives.utility)",
    "frame_input": "player (id), frame (name), event (frameeventtype value), value, text: "
                   "a scenario's frame input (natives.frames)",
}
