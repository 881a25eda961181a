"""Every word the window shows, in Chinese (zh, the default) and English (en).

``tr(key, lang, **fields)`` looks a key up and fills its ``{fields}``. The bundled font is a subset: after adding or
changing a string here, run ``python build/make_font_subset.py`` (it reads this file) and commit the new fonts;
``tests/app/test_font_and_strings.py`` fails while a character is missing from the font.

English text writes "..." rather than "…": the Chinese font draws U+2026 centred, as Chinese text wants it.

Card glyphs (一..十, 壹..拾) come from the engine and are never translated. Game terms that have no English word keep
their Chinese name in the English text (胡, 舵, 醒, 番) so players can match them with the rules pages.
"""

from __future__ import annotations

LANGUAGES: tuple[str, ...] = ("zh", "en")
DEFAULT_LANG = "zh"

STRINGS: dict[str, dict[str, str]] = {
    # --- the application and the two games
    "app.title": {"zh": "字牌", "en": "Zipai"},
    "game.guilin": {"zh": "桂林字牌", "en": "Guilin Zipai"},
    "game.bohu": {"zh": "秀山博胡", "en": "Xiushan Bohu"},
    # --- seats and bot levels
    "seat.you": {"zh": "你", "en": "You"},
    "seat.player": {"zh": "玩家{n}", "en": "Player {n}"},
    "seat.bot": {"zh": "电脑{n}", "en": "Computer {n}"},
    "seat.with_level": {"zh": "{name}（{level}）", "en": "{name} ({level})"},
    "bot.random": {"zh": "随机", "en": "Random"},
    "bot.beginner": {"zh": "初学", "en": "Beginner"},
    "bot.casual": {"zh": "普通", "en": "Casual"},
    "bot.strong": {"zh": "高手", "en": "Strong"},
    # --- actions (秀山博胡 uses the same names for these four claims and for the discard)
    "action.hu": {"zh": "胡", "en": "Win"},
    "action.peng": {"zh": "碰", "en": "Peng"},
    "action.chi": {"zh": "吃", "en": "Eat"},
    "action.pass": {"zh": "过", "en": "Pass"},
    "action.discard": {"zh": "出牌", "en": "Discard"},
    # --- prompts
    "prompt.your_turn_discard": {"zh": "轮到你了，请出一张牌", "en": "Your turn: discard a card"},
    "prompt.claim": {"zh": "要这张{card}吗？", "en": "Take the {card}?"},
    "prompt.choose_chi": {"zh": "请选择吃法", "en": "Choose how to eat"},
    "prompt.waiting_for": {"zh": "等待{name}…", "en": "Waiting for {name}..."},
    "prompt.thinking": {"zh": "思考中…", "en": "Thinking..."},
    # --- the table
    "table.wall_left": {"zh": "底牌剩{n}张", "en": "Wall: {n} left"},
    "table.dealer": {"zh": "庄家", "en": "Dealer"},
    "table.score": {"zh": "得分", "en": "Score"},
    "table.total": {"zh": "总分", "en": "Total"},
    "table.round": {"zh": "轮次", "en": "Round"},
    "table.hand": {"zh": "第{n}局", "en": "Hand {n}"},
    # --- hot-seat cover
    "hotseat.pass_to": {"zh": "请把电脑交给{name}", "en": "Pass the computer to {name}"},
    "hotseat.click_to_continue": {"zh": "点击继续", "en": "Click to continue"},
    # --- settlement
    "result.title": {"zh": "结算", "en": "Settlement"},
    "result.winner": {"zh": "赢家", "en": "Winner"},
    "result.wins": {"zh": "{name}胡了！", "en": "{name} wins!"},
    "result.you_win": {"zh": "你胡了！", "en": "You win!"},
    "result.draw": {"zh": "荒庄", "en": "Draw: the wall ran out (荒庄)"},
    "result.hu": {"zh": "胡数", "en": "胡 (hu)"},
    "result.huxi": {"zh": "胡息", "en": "胡息 (huxi)"},
    "result.duo": {"zh": "舵", "en": "舵 (duo)"},
    "result.xing": {"zh": "醒牌", "en": "醒 cards (xing)"},
    "result.fan": {"zh": "番", "en": "番 (fan)"},
    "result.score": {"zh": "得分", "en": "Score"},
    "result.points": {"zh": "{n}分", "en": "{n} pts"},
    "result.next_hand": {"zh": "下一局", "en": "Next hand"},
    "result.match_over": {"zh": "比赛结束", "en": "Match over"},
    # --- the setup screen
    "setup.new_game": {"zh": "新游戏", "en": "New game"},
    "setup.game": {"zh": "玩法", "en": "Game"},
    "setup.players": {"zh": "人数", "en": "Players"},
    "setup.seats": {"zh": "座位", "en": "Seats"},
    "setup.human": {"zh": "真人", "en": "Human"},
    "setup.bot_level": {"zh": "电脑难度", "en": "Computer level"},
    "setup.rule_options": {"zh": "规则选项", "en": "Rule options"},
    "setup.seed": {"zh": "随机种子（选填）", "en": "Seed (optional)"},
    "setup.start": {"zh": "开始", "en": "Start"},
    "setup.resume": {"zh": "继续上局", "en": "Resume"},
    "setup.back": {"zh": "返回", "en": "Back"},
    "setup.quit": {"zh": "退出", "en": "Quit"},
    # --- helpers (toggles on the table)
    "helper.show_hu": {"zh": "在牌桌上显示胡数", "en": "Show 胡 on the table"},
    "helper.show_waits": {"zh": "显示听牌", "en": "Show waits"},
    "helper.action_log": {"zh": "牌局记录", "en": "Action log"},
    # --- settings
    "settings.title": {"zh": "设置", "en": "Settings"},
    "settings.language": {"zh": "语言", "en": "Language"},
    "settings.animation_speed": {"zh": "动画速度", "en": "Animation speed"},
    "settings.sound": {"zh": "声音", "en": "Sound"},
    "settings.fullscreen": {"zh": "全屏", "en": "Fullscreen"},
    "settings.volume": {"zh": "音量", "en": "Volume"},
    "settings.large_cards": {"zh": "大牌面", "en": "Large cards"},
    "settings.colour_blind": {"zh": "色弱模式（红牌加标记）", "en": "Colour-blind cards (red marked by a shape)"},
    "title.settings": {"zh": "设置", "en": "Settings"},
    "speed.slow": {"zh": "慢", "en": "Slow"},
    "speed.normal": {"zh": "正常", "en": "Normal"},
    "speed.fast": {"zh": "快", "en": "Fast"},
    "lang.zh": {"zh": "中文", "en": "Chinese (中文)"},
    "lang.en": {"zh": "英文（English）", "en": "English"},
    # --- buttons used everywhere
    "common.ok": {"zh": "确定", "en": "OK"},
    "common.cancel": {"zh": "取消", "en": "Cancel"},
    "common.continue": {"zh": "继续", "en": "Continue"},
    "common.on": {"zh": "开", "en": "On"},
    "common.off": {"zh": "关", "en": "Off"},
    # --- the table (more)
    "table.dang_di": {"zh": "挡底", "en": "挡底 (face-up card)"},
    "table.liang_zhang": {"zh": "亮张", "en": "亮张 (face-up card)"},
    "table.sitting_out": {"zh": "本局休息", "en": "sits out"},
    "help.keys": {
        "zh": "按键\n点击牌 / ←→ 回车：出牌\nh 胡　p 碰　1-9 选吃法　空格 过\nTab：跳过动画　- / +：动画速度\n"
        "F1 桌面胡数　F2 听牌　F3 记录\nU：悔牌（练习模式）　M：静音\nEsc：离开牌桌　F10 或 ?：本帮助",
        "en": "Keys\nclick a card / ← → Enter: discard\nh win  p peng  1-9 pick a way to eat  Space pass\n"
        "Tab: skip animations  - / +: animation speed\nF1 胡 on the table  F2 waits  F3 log\n"
        "U: take back (practice)  M: mute\nEsc: leave the table  F10 or ?: this help",
    },
    "table.practice": {"zh": "练习：按U悔牌，不计入统计", "en": "Practice: U takes back a move; not in statistics"},
    "setup.practice": {"zh": "练习模式（可悔牌）", "en": "Practice (undo allowed)"},
    "prompt.locked": {"zh": "{card}是坎，不能打出", "en": "{card} is part of a 坎 and cannot be discarded"},
    "helper.waits_line": {"zh": "听牌：{waits}", "en": "Waits: {waits}"},
    "log.flip": {"zh": "翻出", "en": "turns"},
    # --- melds (names as the rules use them)
    "meld.chi": {"zh": "吃", "en": "eats"},
    "meld.peng": {"zh": "碰", "en": "peng"},
    "meld.sao": {"zh": "扫", "en": "扫 (sao)"},
    "meld.guo_sao": {"zh": "过扫", "en": "过扫 (guo sao)"},
    "meld.sao_chuan": {"zh": "扫穿", "en": "扫穿 (sao chuan)"},
    "meld.kai_duo": {"zh": "开舵", "en": "开舵 (kai duo)"},
    "meld.long": {"zh": "龙", "en": "龙 (long)"},
    "meld.wei": {"zh": "偎", "en": "偎 (wei)"},
    "meld.chou_wei": {"zh": "臭偎", "en": "臭偎 (chou wei)"},
    "meld.ti": {"zh": "提", "en": "提 (ti)"},
    "meld.pao": {"zh": "跑", "en": "跑 (pao)"},
    # --- settlement parts and special wins
    "part.hu": {"zh": "胡", "en": "胡"},
    "part.xing": {"zh": "醒", "en": "醒"},
    "part.zimo": {"zh": "自摸", "en": "自摸"},
    "part.tianhu": {"zh": "天胡", "en": "天胡"},
    "part.dihu": {"zh": "地胡", "en": "地胡"},
    "part.sanlong_wukan": {"zh": "三龙五坎", "en": "三龙五坎"},
    "part.multiplier": {"zh": "倍数", "en": "×"},
    "special.zimo": {"zh": "自摸", "en": "自摸 (self-drawn)"},
    "special.tianhu": {"zh": "天胡", "en": "天胡"},
    "special.dihu": {"zh": "地胡", "en": "地胡"},
    "special.sanlong_wukan": {"zh": "三龙五坎", "en": "三龙五坎"},
    "special.piao": {"zh": "飘胡", "en": "飘胡"},
    "special.hong_piao": {"zh": "红飘", "en": "红飘"},
    "special.yi_ke_zhu": {"zh": "一颗珠", "en": "一颗珠"},
    "special.shiba_da": {"zh": "十八大", "en": "十八大"},
    "special.shiba_xiao": {"zh": "十八小", "en": "十八小"},
    "special.hei_hu": {"zh": "黑胡", "en": "黑胡"},
    "special.hong_hu": {"zh": "红胡", "en": "红胡"},
    "special.shisan_hong": {"zh": "十三太保红", "en": "十三太保红"},
    # --- the title screen
    "title.games": {"zh": "桂林字牌 · 秀山博胡", "en": "Guilin Zipai · Xiushan Bohu"},
    "title.version": {"zh": "版本 {version}", "en": "Version {version}"},
    "title.new_game": {"zh": "新游戏", "en": "New game"},
    "title.resume": {"zh": "继续上局", "en": "Resume"},
    "title.stats": {"zh": "统计", "en": "Statistics"},
    "title.replays": {"zh": "重放", "en": "Replays"},
    "title.quit": {"zh": "退出", "en": "Quit"},
    # --- the title screen: tutorial and rules
    "title.tutorial": {"zh": "教程", "en": "Tutorial"},
    "title.rules": {"zh": "规则", "en": "Rules"},
    # --- the tutorial (one hand of 桂林字牌; the banner says what happened, naming the rule, and what to do now)
    "tutorial.title": {"zh": "教程：桂林字牌", "en": "Tutorial: Guilin Zipai (桂林字牌)"},
    "tutorial.start": {
        "zh": "这是一局摆好的桂林字牌。你坐在下方；左边是上家（庄家），右边是下家。每人20张牌，轮流从墙上翻牌。",
        "en": "A hand of 桂林字牌 set up to show the main rules. You sit at the bottom; your 上家 (the dealer) is "
        "on the left, your 下家 on the right. Everyone holds 20 cards and turns cards from the wall in turn.",
    },
    "tutorial.flip": {
        "zh": "翻牌：轮到你从墙上翻开一张牌，翻出七。谁都用不上它（不能吃、碰、胡），"
        "所以它放到你右边的牌堆，下家接着翻牌。",
        "en": "Flip (翻牌): it is your turn to turn the top card of the wall: a 七. Nobody can 吃, 碰 or 胡 it, so it "
        "goes face up to your pile, and your 下家 turns the next card.",
    },
    "tutorial.chi": {
        "zh": "吃和比：上家翻出三。你有一二，可以吃成一二三。但你手里还有一张三："
        "吃一种牌时，手里同样的牌必须全部放出，组成比（三四五）。",
        "en": "吃 with 比: your 上家 turned 三. With 一二 you can eat it as 一二三, but you hold another 三: whoever "
        "eats a kind must lay out every other copy of it in a 比 group, here 三四五.",
    },
    "tutorial.chi.todo": {
        "zh": "点击右下方两组牌的吃法（或按1）",
        "en": "Click a way to eat at the bottom right, two groups of cards (or press 1)",
    },
    "tutorial.discard1": {
        "zh": "吃、碰、扫之后都要打出一张牌（手里多了一张）。",
        "en": "After every take (吃, 碰, 扫) you discard one card: you now hold one too many.",
    },
    "tutorial.discard1.todo": {
        "zh": "点击肆打出：它和别的牌组不成句",
        "en": "Click 肆 to discard it: it fits in no group",
    },
    "tutorial.peng": {
        "zh": "碰：下家翻出陆，你手里有一对陆陆。别人翻出或打出的牌能凑成你的一对，就可以碰。",
        "en": "碰 (peng): your 下家 turned 陆 and you hold the pair 陆陆. A pair in your hand may take another "
        "player's card of that kind, turned or discarded.",
    },
    "tutorial.peng.todo": {"zh": "点碰（或按P）", "en": "Press 碰 (Peng, or the key P)"},
    "tutorial.discard2": {"zh": "碰之后也要打出一张牌。", "en": "After a 碰 you discard too."},
    "tutorial.discard2.todo": {"zh": "点击一张拾打出", "en": "Click a 拾 to discard it"},
    "tutorial.sao": {
        "zh": "扫（自动）：你翻出九，手里正好有一对九九，三张牌自动扣在桌上，叫扫。扫不是选择，一定会发生，值胡。",
        "en": "扫 (sao), forced: you turned 九 while holding the pair 九九, so the three go face down on the table by "
        "themselves. A 扫 is never a choice, and it is worth 胡.",
    },
    "tutorial.discard3": {
        "zh": "扫之后也要出牌。现在你只差一张叁，就能凑成壹贰叁。",
        "en": "After a 扫 you discard as well. Now a single 叁 would complete 壹贰叁.",
    },
    "tutorial.discard3.todo": {
        "zh": "点击另一张拾打出，等叁",
        "en": "Click the other 拾 to discard it, and wait for 叁",
    },
    "tutorial.hu": {
        "zh": "胡：下家翻出叁，凑成壹贰叁。你的牌全部组成三张一组，胡数至少10，就可以胡。",
        "en": "胡 (win): your 下家 turned 叁, which completes 壹贰叁. Every card is now in a group and you have at "
        "least 10 胡, so you may win.",
    },
    "tutorial.hu.todo": {"zh": "点胡（或按H）", "en": "Press 胡 (Win, or the key H)"},
    "tutorial.result": {
        "zh": "计分：{hu}胡折成{duo_hu}舵（10胡1舵，每多5胡加1舵）；醒牌{xing}加{xing_n}舵；共{total}舵。"
        "这是平胡（胡别人翻的牌），另外两家各付{total}。",
        "en": "Scoring: {hu} 胡 make {duo_hu} 舵 (10 胡 = 1 舵, one more per 5 胡); the 醒 card {xing} adds "
        "{xing_n}; {total} 舵 in all. A 平胡 (on another's flip): each of the other two pays {total}.",
    },
    "tutorial.result.draw": {"zh": "荒庄：墙上的牌翻完了。", "en": "荒庄: the wall ran out."},
    "tutorial.result.todo": {"zh": "点击结束教程", "en": "Click to end the tutorial"},
    "tutorial.click_to_continue": {"zh": "点击或按回车继续", "en": "Click or press Enter to continue"},
    "tutorial.watch": {"zh": "看其他人出牌……", "en": "Watch the others play..."},
    "tutorial.start.todo": {"zh": "看其他人出牌……", "en": "Watch the others play..."},
    "tutorial.flip.todo": {"zh": "点击或按回车继续", "en": "Click or press Enter to continue"},
    "tutorial.sao.todo": {"zh": "点击或按回车继续", "en": "Click or press Enter to continue"},
    "tutorial.follow": {
        "zh": "教程里请按上方的提示操作",
        "en": "In the tutorial, please do what the banner says",
    },
    # --- the rules pages
    "rules.title": {"zh": "规则：{game}", "en": "Rules: {game}"},
    "rules.keys": {
        "zh": "滚轮 ↑/↓ PgUp/PgDn Home/End 滚动   Tab 换玩法   Esc 返回",
        "en": "Wheel ↑/↓ PgUp/PgDn Home/End scroll   Tab other game   Esc back",
    },
    "rules.back": {"zh": "返回", "en": "Back"},
    "rules.missing": {"zh": "找不到规则文件：{path}", "en": "The rules file is missing: {path}"},
    # --- the statistics screen
    "stats.title": {"zh": "统计", "en": "Statistics"},
    "stats.game": {"zh": "玩法", "en": "Game"},
    "stats.all_games": {"zh": "全部玩法", "en": "All games"},
    "stats.period": {"zh": "时间", "en": "Period"},
    "stats.all_time": {"zh": "全部时间", "en": "All time"},
    "stats.last_7": {"zh": "最近7天", "en": "Last 7 days"},
    "stats.last_30": {"zh": "最近30天", "en": "Last 30 days"},
    "stats.hands": {"zh": "已玩局数", "en": "Hands played"},
    "stats.matches": {"zh": "已玩场数", "en": "Matches played"},
    "stats.wins": {"zh": "胡牌局数", "en": "Hands won"},
    "stats.win_rate": {"zh": "胜率", "en": "Win rate"},
    "stats.draws": {"zh": "荒庄局数", "en": "Draws (荒庄)"},
    "stats.points": {"zh": "净得分", "en": "Net points"},
    "stats.average_score": {"zh": "平均得分（胡牌局）", "en": "Average score (hands won)"},
    "stats.best_score": {"zh": "最高得分", "en": "Best score"},
    "stats.dealt_in": {"zh": "点炮次数", "en": "点炮 (dealt in)"},
    "stats.vs_title": {"zh": "对各级电脑", "en": "Against each computer level"},
    "stats.level": {"zh": "电脑难度", "en": "Computer level"},
    "stats.vs_hands": {"zh": "局数", "en": "Hands"},
    "stats.vs_wins": {"zh": "胡牌", "en": "Wins"},
    "stats.vs_points": {"zh": "净得分", "en": "Net points"},
    "stats.empty": {"zh": "这里还没有牌局。", "en": "No hands here yet."},
    "stats.note": {
        "zh": "只统计有真人参加的对局，练习局和纯电脑对局不计入。",
        "en": "Only games with a human seat count; practice games and computer-only games are left out.",
    },
    "stats.back": {"zh": "返回", "en": "Back"},
    # --- replays: the list and the viewer
    "replay.list_title": {"zh": "重放", "en": "Replays"},
    "replay.recent": {"zh": "最近50局（点击观看）", "en": "The last 50 hands (click one to watch it)"},
    "replay.files": {"zh": "导入的文件", "en": "Imported files"},
    "replay.none": {"zh": "还没有打完的牌局。", "en": "No finished hands yet."},
    "replay.import": {"zh": "导入重放文件", "en": "Import replay files"},
    "replay.folder": {"zh": "重放文件夹：{path}", "en": "Replay folder: {path}"},
    "replay.folder_hint": {
        "zh": "把记录文件（*.json）放进这个文件夹，再点“导入重放文件”；导出的牌局也保存在这里。",
        "en": "Put record files (*.json) in this folder, then press Import replay files; exported hands go here too.",
    },
    "replay.imported": {"zh": "导入了{n}个文件。", "en": "Imported {n} file(s)."},
    "replay.import_none": {"zh": "文件夹里没有 .json 文件。", "en": "There are no .json files in the folder."},
    "replay.bad_file": {"zh": "{name} 已跳过：{reason}。", "en": "{name} was skipped: {reason}."},
    "replay.more_bad": {"zh": "另有{n}个文件被跳过。", "en": "{n} more file(s) were skipped."},
    "replay.open_failed": {"zh": "这个记录无法重放：{reason}", "en": "This record cannot be replayed: {reason}"},
    "replay.file_row": {"zh": "文件 {name}", "en": "File {name}"},
    "replay.title": {"zh": "重放：{game}", "en": "Replay: {game}"},
    "replay.step": {"zh": "第{k}步 / 共{n}步", "en": "Step {k} of {n}"},
    "replay.deal": {"zh": "发牌", "en": "The deal"},
    "replay.last_action": {"zh": "上一步：{action}", "en": "Last action: {action}"},
    "replay.this_step": {"zh": "这一步", "en": "This step"},
    "replay.to_pile": {"zh": "放到牌堆", "en": "to the pile"},
    "replay.start": {"zh": "开头", "en": "Start"},
    "replay.prev": {"zh": "后退", "en": "Back a step"},
    "replay.next": {"zh": "前进", "en": "Forward"},
    "replay.end": {"zh": "结尾", "en": "End"},
    "replay.play": {"zh": "播放", "en": "Play"},
    "replay.pause": {"zh": "暂停", "en": "Pause"},
    "replay.export": {"zh": "导出", "en": "Export"},
    "replay.back": {"zh": "返回", "en": "Back"},
    "replay.exported": {"zh": "已导出到 {path}", "en": "Exported to {path}"},
    "replay.export_failed": {"zh": "导出失败：{reason}", "en": "Export failed: {reason}"},
    "replay.keys": {
        "zh": "←/→ 单步   空格 播放/暂停   Home/End 开头/结尾   Esc 返回",
        "en": "←/→ step   Space play/pause   Home/End start/end   Esc back",
    },
    "replay.list_keys": {
        "zh": "滚轮或↑/↓ 滚动   Esc 返回",
        "en": "Wheel or ↑/↓ scroll   Esc back",
    },
}


def tr(key: str, lang: str = DEFAULT_LANG, **fmt: object) -> str:
    """The text of ``key`` in ``lang`` (an unknown language falls back to Chinese), with ``{fields}`` filled from fmt.

    Raises KeyError for an unknown key, or when the text needs a field that was not given.
    """
    try:
        entry = STRINGS[key]
    except KeyError:
        raise KeyError(f"unknown i18n key {key!r} (see zipai_desktop/app/i18n.py)") from None
    text = entry.get(lang, entry[DEFAULT_LANG])
    try:
        return text.format(**fmt)
    except KeyError as exc:
        raise KeyError(f"i18n key {key!r} needs the field {exc.args[0]!r}") from None
